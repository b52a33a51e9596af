//! The semantic model (HIR): bodies of isolated ops and name resolution within them.

pub mod body;
pub mod dominance;
mod lower;
pub mod ops;
pub mod resolve;

pub use body::{Body, Name, NameKind, name_ranges, name_tokens};
pub use lower::{lower, lower_located};
pub use resolve::{NameError, Resolution, resolve};
