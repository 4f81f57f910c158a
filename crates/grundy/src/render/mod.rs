//! Renderings of typed answers as English text, for every front end.
pub mod moves;
