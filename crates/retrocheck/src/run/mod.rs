//! Running campaigns: shards and phases, the bulk runner, the summary it keeps, the plan
//! of phases a campaign runs, and the merge of sharded summaries.

pub mod bulk;
pub mod merge;
pub mod phase;
pub mod plan;
pub mod shard;
pub mod summary;
