//! Running campaigns: the bulk runner, the plan of phases a campaign runs, and the merge
//! of sharded summaries.

pub mod bulk;
pub mod merge;
pub mod plan;
