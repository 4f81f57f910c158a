//! The contest form of the odd-ball game (取球博弈): reading the judge's input and answering it.

use crate::games::oddball::{answer_line, index, solve_up_to};
use crate::games::subtraction::FiniteSet;
use crate::input::error::InputError;

/// A judge's input: the three amounts and the piles to answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ContestInput {
    /// The amounts a player may take (`n1 n2 n3`).
    pub set: FiniteSet,
    /// The piles, in the order the answer lists them.
    pub piles: Vec<usize>,
}

impl ContestInput {
    /// The largest pile (0 without piles).
    pub fn largest_pile(&self) -> usize {
        self.piles.iter().copied().max().unwrap_or(0)
    }
}

/// Why a judge's input cannot be answered.
#[derive(Debug, thiserror::Error)]
pub enum ContestError {
    /// The text does not read as the contest's input.
    #[error(transparent)]
    Input(#[from] InputError),
    /// A pile is above the largest pile accepted; `error` points at it (its hint in generic
    /// words, for a front end to replace with its own).
    #[error("{error}")]
    PileTooLarge {
        /// The pile.
        pile: u64,
        /// Where it is.
        error: InputError,
    },
}

impl ContestError {
    /// The error as an [`InputError`], pointing into the text.
    pub fn into_input_error(self) -> InputError {
        match self {
            Self::Input(error) | Self::PileTooLarge { error, .. } => error,
        }
    }
}

/// Reads a judge's input: `n1 n2 n3` and then the pile sizes (any white space between numbers),
/// every pile at most `largest_pile`.
///
/// # Complexity
/// `O(L)` for an input of `L` bytes.
///
/// # Errors
/// [`ContestError::Input`] pointing at the first bad number (not a positive integer, fewer than
/// four numbers, invalid amounts); [`ContestError::PileTooLarge`] for a pile above
/// `largest_pile`, pointing at it.
///
/// # Example
/// ```
/// # fn main() -> Result<(), Box<dyn std::error::Error>> {
/// use grundy::input::contest::read_contest;
/// let input = read_contest("1 2 3\n1 2 3 4 5\n", 1000)?;
/// assert_eq!((input.set.members(), input.piles.as_slice()), (&[1, 2, 3][..], &[1, 2, 3, 4, 5][..]));
/// assert_eq!(read_contest("1 2 3\n5000", 1000).map_err(|e| e.into_input_error().span), Err(6..10));
/// # Ok(()) }
/// ```
pub fn read_contest(input: &str, largest_pile: usize) -> Result<ContestInput, ContestError> {
    // Newlines become spaces so that an error shows one line with its caret; offsets are kept.
    let flat = input.replace(['\n', '\r', '\t'], " ");
    let mut numbers = Vec::new();
    let mut offset = 0;
    for token in flat.split_whitespace() {
        let start = offset
            + flat[offset..]
                .find(token)
                .expect("the token is in the rest");
        offset = start + token.len();
        let value: u64 = token.parse().map_err(|_| {
            InputError::new(
                "contest input",
                &flat,
                start..offset,
                if token.bytes().all(|b| b.is_ascii_digit()) {
                    format!("{token} is too large")
                } else {
                    format!("'{token}' is not a whole number")
                },
                Some("the input is n1 n2 n3 on the first line, then the pile sizes".to_owned()),
            )
        })?;
        numbers.push((value, start..offset));
    }
    if numbers.len() < 4 {
        let end = flat.trim_end().len();
        return Err(InputError::new(
            "contest input",
            &flat,
            end..end,
            format!(
                "expected three amounts and at least one pile, found {} numbers",
                numbers.len()
            ),
            Some("for example: 1 2 3 then 1 2 3 4 5".to_owned()),
        )
        .into());
    }
    let amounts: Vec<u64> = numbers[..3].iter().map(|(v, _)| *v).collect();
    let set = FiniteSet::new(amounts).map_err(|e| {
        InputError::new(
            "contest input",
            &flat,
            numbers[0].1.start..numbers[2].1.end,
            format!("the amounts are invalid: {e}"),
            None,
        )
    })?;
    // The solver numbers 4 positions per pile size: no pile may be so large that they overflow.
    let largest_pile = largest_pile.min(usize::MAX / 4 - 1);
    let mut piles = Vec::new();
    for (value, span) in &numbers[3..] {
        match usize::try_from(*value).ok().filter(|&p| p <= largest_pile) {
            Some(pile) => piles.push(pile),
            None => {
                return Err(ContestError::PileTooLarge {
                    pile: *value,
                    error: InputError::new(
                        "contest input",
                        &flat,
                        span.clone(),
                        format!("pile {value} is above the limit {largest_pile}"),
                        Some(format!(
                            "raise the largest pile accepted to at least {value}"
                        )),
                    ),
                });
            }
        }
    }
    Ok(ContestInput { set, piles })
}

/// The contest's judge: reads the input as [`read_contest`] does and returns one symbol per pile
/// — `+` the first player wins, `0` best play ties, `-` the first player loses — separated by
/// spaces.
///
/// # Complexity
/// `O(N · |S|)` for the largest pile `N`, holding `O(N)` records; with no memory or time
/// limit (`Analyzer::contest` is the bounded form).
///
/// # Errors
/// The [`InputError`] of [`read_contest`].
///
/// # Example
/// ```
/// # fn main() -> Result<(), Box<dyn std::error::Error>> {
/// use grundy::oddball::judge;
/// assert_eq!(judge("1 2 3\n1 2 3 4 5\n", 1000)?, "+ 0 + 0 -");
/// assert!(judge("1 2 x\n5", 1000).is_err());
/// # Ok(()) }
/// ```
pub fn judge(input: &str, largest_pile: usize) -> Result<String, InputError> {
    let input = read_contest(input, largest_pile).map_err(ContestError::into_input_error)?;
    let records = solve_up_to(&input.set, input.largest_pile());
    let values: Vec<_> = input
        .piles
        .iter()
        .map(|&x| records.get(index(x, false, false)).value)
        .collect();
    Ok(answer_line(&values))
}
