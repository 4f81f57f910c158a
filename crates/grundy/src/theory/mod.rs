//! The mathematics grundy relies on, knowing no game: periods of integer sequences and the
//! certificates that prove them ([`period`], with the family criterion for take-and-break codes in
//! [`families`]), the rule forms of tables and their search ([`pattern`]), compact value storage ([`compact`]), the minimum
//! excludant ([`mex`]), nim multiplication ([`nimber`]), the retrograde analysis of finite game graphs ([`solver`]), and Conway's
//! genus of misère games with tame types ([`genus`]).

pub mod compact;
pub mod families;
pub mod genus;
pub mod mex;
pub mod nimber;
pub mod pattern;
pub mod period;
pub mod quotient;
pub mod solver;
