//! The mathematics grundy relies on, knowing no game: periods of integer sequences and the
//! certificates that prove them ([`period`]), compact value storage ([`compact`]) and the
//! retrograde analysis of finite game graphs ([`solver`]).

pub mod compact;
pub mod period;
pub mod solver;
