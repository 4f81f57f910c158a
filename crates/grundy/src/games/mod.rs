//! The games: their rules, positions and play conventions — no engine, no policy, no text input
//! (an open family reads its own rule and checks its own positions; `input` hands it the text).

pub mod fibonacci_nim;
pub mod game;
pub mod moves;
pub mod nim;
pub mod norepeat;
pub mod octal;
pub mod oddball;
pub mod play;
pub mod position;
pub mod registry;
pub mod remainder;
pub mod ruleset;
pub mod script;
pub mod subtraction;
pub mod summary;
pub mod theorem;
pub mod wythoff;

/// Declares the open families, each a folder of `games/` exporting its
/// [`Family`](registry::Family) as `FAMILY`, and lists them in [`FAMILIES`].
macro_rules! families {
    ($($family:ident),* $(,)?) => {
        $(pub mod $family;)*
        /// Every open family, in the order of its line below.
        pub static FAMILIES: &[&registry::Family] = &[$(&$family::FAMILY),*];
    };
}

// The open families: adding one is its folder and its name here.
families! { divisor, coins, corners, staircase, moore, hackenbush, digraph, dynamic }
