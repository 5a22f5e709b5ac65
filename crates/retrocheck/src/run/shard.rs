//! Which part of a campaign a run covers: shard `index` of `count`, each covering every
//! family, so that shards never overlap and together are the campaign.

/// Why a shard was not understood.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ShardError {
    /// Not two numbers `i/N`.
    #[error("expected a shard as i/N, found '{text}'")]
    Syntax {
        /// The text given.
        text: String,
    },
    /// `i` is not below `N`.
    #[error("shard {index}/{count}: i must be below N")]
    Beyond {
        /// `i`.
        index: u64,
        /// `N`.
        count: u64,
    },
}

/// Which part of a campaign this run covers: shard `index` of `count` runs, of every
/// family, the family's cases `index`, `index + count`, `index + 2·count`, …, so
/// shards never overlap, each covers every family, and together they cover the
/// campaign.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    /// Which shard, below `count`.
    pub index: u64,
    /// How many shards the campaign has.
    pub count: u64,
}

impl Shard {
    /// The whole campaign: shard 0 of 1.
    pub const WHOLE: Shard = Shard { index: 0, count: 1 };

    /// Parses `i/N` with `i < N`.
    pub fn parse(text: &str) -> Result<Shard, ShardError> {
        let syntax = || ShardError::Syntax {
            text: text.to_string(),
        };
        let (i, n) = text.split_once('/').ok_or_else(syntax)?;
        let parse = |s: &str| s.trim().parse::<u64>().map_err(|_| syntax());
        let (index, count) = (parse(i)?, parse(n)?);
        if count == 0 || index >= count {
            return Err(ShardError::Beyond { index, count });
        }
        Ok(Shard { index, count })
    }

    /// How many of a campaign's first `cases` cases over `families` families this
    /// shard runs: case `g` of the whole campaign is family `g mod families`'s case
    /// `j = g div families`, which belongs to shard `j mod count`. A shard's own cases,
    /// in its order, are a prefix of that set, so the shards of a campaign of `cases`
    /// cases run exactly its cases. `u64::MAX` (no count: a time budget) stays so.
    pub(crate) fn share(self, cases: u64, families: usize) -> u64 {
        if cases == u64::MAX || self.count == 1 {
            return cases;
        }
        let families = families.max(1) as u64;
        let round = self.count * families;
        (0..families)
            .map(|f| {
                // Case g = (q·count + index)·families + f of the campaign, for q = 0, 1, …
                let first = self.index * families + f;
                if first >= cases {
                    0
                } else {
                    (cases - first).div_ceil(round)
                }
            })
            .sum()
    }
}
