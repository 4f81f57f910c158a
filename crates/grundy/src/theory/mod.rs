//! The mathematics grundy relies on, knowing no game: periods of integer sequences and the
//! certificates that prove them ([`period`]), compact value storage ([`compact`]), the minimum
//! excludant ([`mex`]) and the retrograde analysis of finite game graphs ([`solver`]).

pub mod compact;
pub mod mex;
pub mod period;
pub mod quotient;
pub mod solver;
