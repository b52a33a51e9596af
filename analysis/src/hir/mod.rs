//! The semantic model (HIR): bodies of isolated ops and name resolution within them.

pub mod body;
pub mod dominance;
pub mod ops;
pub mod resolve;

pub use body::{Body, Name, NameKind, lower, name_tokens};
pub use resolve::{NameError, Resolution, resolve};
