//! The games: their rules, positions and play conventions — no engine, no policy, no text input.

pub mod fibonacci_nim;
pub mod game;
pub mod moves;
pub mod nim;
pub mod norepeat;
pub mod octal;
pub mod oddball;
pub mod play;
pub mod position;
pub mod remainder;
pub mod ruleset;
pub mod script;
pub mod subtraction;
pub mod wythoff;
