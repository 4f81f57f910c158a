//! The families of games a campaign is made of: octal codes of up to `K` digits, subtraction
//! sets up to a size and a maximum, and any list of specs.

use grundy::Game;

use crate::CampaignError;

/// The most games one campaign holds: a database of a million rows stays small (a row without
/// a certificate is some hundred bytes), and generating the games' specs is bounded before it
/// starts.
pub const MAX_GAMES: usize = 1 << 20;

/// Every octal code `0.d1…dk` with `1 <= k <= digits` digits after the point, the last not 0,
/// in the order of [`grundy::analysis::octal_codes`]: `8^digits − 1` codes.
///
/// # Complexity
/// `O(8^digits · digits)`.
///
/// # Errors
/// [`CampaignError::Grundy`] unless `1 <= digits <=`
/// [`MAX_SURVEY_DIGITS`](grundy::limits::MAX_SURVEY_DIGITS).
///
/// # Example
/// ```
/// let codes = grundy_campaign::games::octal_codes(3)?;
/// assert_eq!((codes.len(), codes[0].to_string(), codes[510].to_string()), (511, "0.1".to_owned(), "0.777".to_owned()));
/// # Ok::<(), grundy_campaign::CampaignError>(())
/// ```
pub fn octal_codes(digits: usize) -> Result<Vec<Game>, CampaignError> {
    Ok(grundy::analysis::octal_codes(digits)?)
}

/// Every hexadecimal code `0.h1…hk` with 1 to `digits` digits after the point, the last not 0,
/// in the order of [`grundy::analysis::hex_codes`]: `16^digits − 1` codes (digits 8 to f let a
/// move leave three heaps).
///
/// # Complexity
/// `O(16^digits · digits)`.
///
/// # Errors
/// [`CampaignError::Grundy`] unless `1 <= digits <=`
/// [`MAX_HEX_SURVEY_DIGITS`](grundy::limits::MAX_HEX_SURVEY_DIGITS).
///
/// # Example
/// ```
/// let codes = grundy_campaign::games::hex_codes(2)?;
/// assert_eq!((codes.len(), codes[14].to_string(), codes[254].to_string()), (255, "0.f".to_owned(), "0.ff".to_owned()));
/// # Ok::<(), grundy_campaign::CampaignError>(())
/// ```
pub fn hex_codes(digits: usize) -> Result<Vec<Game>, CampaignError> {
    Ok(grundy::analysis::hex_codes(digits)?)
}

/// Every subtraction game `subtraction:s1,…,sk` whose set has 1 to `size` members, each from 1
/// to `max`: by size, then in lexicographic order of the members.
///
/// # Complexity
/// `O(G · size)` for the `G = C(max, 1) + … + C(max, size)` games, counted before any is made.
///
/// # Errors
/// [`CampaignError::Size`] when there would be no game, or more than [`MAX_GAMES`].
///
/// # Example
/// ```
/// let games = grundy_campaign::games::subtraction_sets(2, 4)?;
/// let specs: Vec<String> = games.iter().map(ToString::to_string).collect();
/// assert_eq!(specs.len(), 10); // 4 sets of one member, 6 of two
/// assert_eq!((specs[0].as_str(), specs[4].as_str(), specs[9].as_str()),
///            ("subtraction:1", "subtraction:1,2", "subtraction:3,4"));
/// # Ok::<(), grundy_campaign::CampaignError>(())
/// ```
pub fn subtraction_sets(size: usize, max: u64) -> Result<Vec<Game>, CampaignError> {
    let count = (1..=size as u64).try_fold(0u64, |total, k| {
        total
            .checked_add(binomial(max, k)?)
            .filter(|&total| total <= MAX_GAMES as u64)
    });
    let games = match count {
        Some(games) if games >= 1 => games as usize,
        Some(_) => 0,
        None => MAX_GAMES + 1,
    };
    if games == 0 || games > MAX_GAMES {
        return Err(CampaignError::Size {
            games,
            most: MAX_GAMES,
        });
    }
    let mut specs = Vec::with_capacity(games);
    for k in 1..=size {
        if k as u64 > max {
            break;
        }
        let mut members: Vec<u64> = (1..=k as u64).collect();
        loop {
            let written: Vec<String> = members.iter().map(u64::to_string).collect();
            let spec = format!("subtraction:{}", written.join(","));
            specs.push(grundy::parse_game(&spec).map_err(grundy::Error::from)?);
            // The next k-subset of 1..=max in lexicographic order.
            let Some(place) = (0..k)
                .rev()
                .find(|&i| members[i] < max - (k - 1 - i) as u64)
            else {
                break;
            };
            members[place] += 1;
            for i in place + 1..k {
                members[i] = members[i - 1] + 1;
            }
        }
    }
    Ok(specs)
}

/// `C(n, k)`, or `None` once some `C(n, i)` with `i <= k` passes 64 · [`MAX_GAMES`] (a caller
/// sums every `C(n, i)` up to `k`, so the sum would be past the limit too).
fn binomial(n: u64, k: u64) -> Option<u64> {
    if k > n {
        return Some(0);
    }
    let mut result = 1u64;
    for i in 0..k {
        // C(n, i + 1) = C(n, i) · (n − i) / (i + 1), exact at every step.
        result = result.checked_mul(n - i)? / (i + 1);
        if result > MAX_GAMES as u64 * 64 {
            return None;
        }
    }
    Some(result)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn binomials_count_the_sets() {
        assert_eq!(binomial(5, 2), Some(10));
        assert_eq!(binomial(2, 5), Some(0));
        assert_eq!(binomial(u64::MAX, 3), None);
        for (size, max) in [(1, 1), (3, 6), (4, 9)] {
            let expected: u64 = (1..=size).map(|k| binomial(max, k).unwrap()).sum();
            assert_eq!(
                subtraction_sets(size as usize, max).unwrap().len() as u64,
                expected
            );
        }
    }

    #[test]
    fn too_many_or_no_sets_are_refused() {
        assert!(matches!(
            subtraction_sets(10, 1000),
            Err(CampaignError::Size { .. })
        ));
        assert!(matches!(
            subtraction_sets(0, 10),
            Err(CampaignError::Size { games: 0, .. })
        ));
        assert!(matches!(
            subtraction_sets(2, 0),
            Err(CampaignError::Size { games: 0, .. })
        ));
    }
}
