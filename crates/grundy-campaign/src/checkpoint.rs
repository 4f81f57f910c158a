//! A game's checkpoint: the values `G(0), …, G(k − 1)` a worker computed, saved in the campaign's
//! database while it runs (every few minutes, and when it is stopped) and when it ends open, so
//! that a killed or stopped game, or an open game whose budget is raised, resumes from them.
//!
//! The values are stored in grundy's sequence file format ([`grundy::sequence`]: a header naming
//! the game, then the values at 1, 2 or 4 bytes each, with an FNV-1a checksum); the game's row
//! holds the checkpoint's description ([`CheckpointInfo`], as JSON), the values a table of their
//! own. A checkpoint is read back only when its header names the game, its count and checksum
//! match the description, and its checksum matches its values.

use grundy::compact::{CompactValues, View};
use serde::{Deserialize, Serialize};

use crate::CampaignError;

/// What a game's row says of its checkpoint.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CheckpointInfo {
    /// How many values it holds: `G(0), …, G(values − 1)`.
    pub values: u64,
    /// The FNV-1a checksum of the values ([`grundy::sequence::checksum`]), as 16 hex digits.
    pub checksum: String,
    /// The bytes the values take in the database.
    pub bytes: u64,
    /// The seconds spent computing them, over every run of the game.
    pub seconds: f64,
    /// When it was saved (seconds since the Unix epoch).
    pub saved_at: u64,
}

/// A game's saved values, as the database holds them.
#[derive(Clone, Debug, PartialEq)]
pub struct Checkpoint {
    /// Its description, as the game's row holds it.
    pub info: CheckpointInfo,
    /// The values in grundy's sequence file format.
    pub data: Vec<u8>,
}

impl Checkpoint {
    /// The checkpoint of `values`, the first values of `spec`, which took `seconds` to compute
    /// (over every run).
    ///
    /// # Complexity
    /// `O(k)` for `k` values.
    ///
    /// # Example
    /// ```
    /// # fn main() -> Result<(), Box<dyn std::error::Error>> {
    /// use grundy::compact::CompactValues;
    /// use grundy_campaign::Checkpoint;
    /// let values = CompactValues::from(vec![0, 1, 1, 2, 0, 3, 1, 1, 0, 3]);
    /// let checkpoint = Checkpoint::of_values("0.6", values.view(), 1.5);
    /// assert_eq!(checkpoint.info.values, 10);
    /// assert_eq!(checkpoint.values("0.6")?, values);
    /// assert!(checkpoint.values("0.7").is_err());
    /// # Ok(()) }
    /// ```
    pub fn of_values(spec: &str, values: View<'_>, seconds: f64) -> Self {
        let data = grundy::sequence::encode(spec, values);
        Self {
            info: CheckpointInfo {
                values: values.len() as u64,
                checksum: format!("{:016x}", grundy::sequence::checksum(values)),
                bytes: data.len() as u64,
                seconds,
                saved_at: crate::store::now(),
            },
            data,
        }
    }

    /// The values, checked: the header names `spec`, and the count and checksum agree with the
    /// description and with the values.
    ///
    /// # Complexity
    /// `O(k)` for `k` values.
    ///
    /// # Errors
    /// [`CampaignError::Damaged`] when any of those fails.
    pub fn values(&self, spec: &str) -> Result<CompactValues, CampaignError> {
        let damaged = |why: String| CampaignError::Damaged {
            spec: spec.to_owned(),
            why: format!("its checkpoint: {why}"),
        };
        let (code, values) =
            grundy::sequence::decode(&self.data).map_err(|error| damaged(error.to_string()))?;
        if code != spec {
            return Err(damaged(format!("it holds the values of {code}")));
        }
        let checksum = format!("{:016x}", grundy::sequence::checksum(values.view()));
        if values.len() as u64 != self.info.values || checksum != self.info.checksum {
            return Err(damaged(format!(
                "it holds {} values of checksum {checksum}; its row says {} of checksum {}",
                values.len(),
                self.info.values,
                self.info.checksum
            )));
        }
        Ok(values)
    }
}

impl CheckpointInfo {
    /// The description as the row stores it (JSON).
    pub(crate) fn to_text(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    /// The description stored in a row.
    ///
    /// # Errors
    /// [`CampaignError::Damaged`] for text grundy does not write.
    pub(crate) fn from_text(text: &str, spec: &str) -> Result<Self, CampaignError> {
        serde_json::from_str(text).map_err(|error| CampaignError::Damaged {
            spec: spec.to_owned(),
            why: format!("its checkpoint's description: {error}"),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_damaged_checkpoint_is_refused() {
        let values = CompactValues::from(vec![0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]);
        let checkpoint = Checkpoint::of_values("0.77", values.view(), 0.0);
        assert_eq!(checkpoint.values("0.77").unwrap(), values);
        let text = checkpoint.info.to_text();
        assert_eq!(
            CheckpointInfo::from_text(&text, "0.77").unwrap(),
            checkpoint.info
        );
        assert!(CheckpointInfo::from_text("{", "0.77").is_err());
        // A value changed: the checksum of the file catches it.
        let mut flipped = checkpoint.clone();
        let last = flipped.data.len() - 1;
        flipped.data[last] ^= 1;
        assert!(flipped.values("0.77").is_err());
        // A row that describes other values.
        let mut described = checkpoint.clone();
        described.info.values = 11;
        assert!(described.values("0.77").is_err());
        let mut truncated = checkpoint;
        truncated.data.truncate(truncated.data.len() - 2);
        assert!(truncated.values("0.77").is_err());
    }
}
