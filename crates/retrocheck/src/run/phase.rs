//! A phase of a campaign: the families it draws from, its cases and sizes, and case `i`
//! as a pure function of the campaign seed, the shard and `i`.

use crate::case::Case;
use crate::exhaustive;
use crate::generate::{self, Family};
use crate::oracles::Oracles;
use crate::seed;
use rand::Rng;
use std::time::Duration;

use super::shard::Shard;

/// A differential-testing campaign.
#[derive(Clone, Debug)]
pub struct Phase {
    /// The families whose cases it draws, in turn.
    pub families: Vec<Family>,
    /// Cases to run in this shard (the time limit may stop it earlier).
    pub cases: u64,
    /// Start no case after this long.
    pub time_limit: Option<Duration>,
    /// The campaign seed.
    pub seed: u64,
    /// Sizes are log-uniform between these (inclusive).
    pub min_positions: usize,
    /// The largest game (see `min_positions`).
    pub max_positions: usize,
    /// The part of the campaign this phase runs.
    pub shard: Shard,
    /// The oracles that check its cases.
    pub oracles: Oracles,
}

impl Phase {
    /// What sets this phase apart from the others of a campaign, for its summary rows:
    /// its sizes ("1–1,000 positions"), or "every game of ≤ 4 positions".
    pub(crate) fn label(&self) -> String {
        let size = |n: usize| crate::text::thousands(n as u64);
        if self.families == [Family::Exhaustive] {
            return format!("every game of ≤ {} positions", self.max_positions);
        }
        let min = if self.families.contains(&Family::Large) {
            self.min_positions.max(LARGE_MIN)
        } else {
            self.min_positions
        };
        format!("{}–{} positions", size(min), size(self.max_positions.max(min)))
    }

    /// The family, seed and size of the `index`-th case of this shard. Families take
    /// turns within every shard, so each shard covers each family; a family's `j`-th
    /// case (counted over the whole campaign) depends only on the campaign seed, the
    /// family's name and `j`, so adding or removing a family changes no other family's
    /// cases. For `exhaustive` the seed is the index into its space and the size its
    /// largest n; `large` games have at least `LARGE_MIN` positions.
    pub fn case_spec(&self, index: u64) -> (Family, u64, usize) {
        let families = self.families.len() as u64;
        let family = self.families[(index % families) as usize];
        let j = (index / families) * self.shard.count + self.shard.index;
        let (mut min, mut max) = (self.min_positions.max(1), self.max_positions.max(1));
        match family {
            Family::Exhaustive => return (family, j, max.min(exhaustive::MAX_N as usize)),
            Family::Large => (min, max) = (min.max(LARGE_MIN), max.max(LARGE_MIN)),
            _ => {}
        }
        let seed = seed::mix(self.seed, family.salt() ^ seed::splitmix64(j));
        let mut rng = seed::rng(seed ^ 0x5151_5151);
        let (low, high) = ((min as f64).ln(), (max as f64 + 1.0).ln());
        let size = (low + (high - low) * rng.gen::<f64>()).exp() as usize;
        (family, seed, size.clamp(min.min(max), max))
    }

    /// The `index`-th case of this shard, or `None` when it is skipped (an exhaustive
    /// game isomorphic to one covered elsewhere, or beyond the space).
    pub(crate) fn case(&self, index: u64) -> Option<Case> {
        Self::case_of(self.case_spec(index))
    }

    /// The index in the whole campaign of this shard's case `index`.
    pub(crate) fn campaign_index(&self, index: u64) -> u64 {
        let families = self.families.len() as u64;
        let j = (index / families) * self.shard.count + self.shard.index;
        j * families + index % families
    }

    /// The case a spec from [`Phase::case_spec`] stands for.
    pub(super) fn case_of((family, seed, size): (Family, u64, usize)) -> Option<Case> {
        match family {
            Family::Exhaustive => match exhaustive::game_at(seed, size as u32) {
                exhaustive::Lookup::Canonical(game) => Some(Case::Game(game)),
                _ => None,
            },
            _ => Some(generate::case(family, seed, size)),
        }
    }
}

/// The smallest `large` game.
pub(crate) const LARGE_MIN: usize = 100_000;
