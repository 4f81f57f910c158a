//! The only readers of user text: game specs ([`spec`]), positions ([`position`]), the contest
//! game's input ([`contest`]), moves typed during a game ([`play`]), judges' inputs ([`judge_format`]), the files of long runs ([`sequence_file`]) and the checkpoints of misère quotients (`quotient_file`, with the `json` feature); every failure in a text typed by the user is an
//! [`InputError`](error::InputError) pointing into the text.

pub mod contest;
mod decimal;
pub mod error;
pub mod judge_format;
pub mod play;
pub mod position;
#[cfg(feature = "json")]
pub mod quotient_file;
pub mod sequence_file;
pub mod spec;
