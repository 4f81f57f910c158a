//! The only readers of user text: game specs ([`spec`]), positions ([`position`]), the contest
//! game's input ([`contest`]), moves typed during a game ([`play`]), judges' inputs ([`judge_format`]) and the files of long runs ([`sequence_file`]); every failure is an
//! [`InputError`](error::InputError) pointing into the text.

pub mod contest;
pub mod error;
pub mod judge_format;
pub mod play;
pub mod position;
pub mod sequence_file;
pub mod spec;
