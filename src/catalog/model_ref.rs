//! A request's model: a catalog entry, or a spec of its own (a Hub look-up, a model sized
//! from its name). Like `Cow<'static, ModelSpec>`, but an owned spec lives on the heap: a
//! request and its answer are moved several times on their way to the reply, and a spec
//! held inline (over 800 bytes) was copied with every move.

use super::ModelSpec;
use serde::{Serialize, Serializer};
use std::ops::Deref;

#[derive(Debug, Clone, PartialEq)]
pub enum ModelRef {
    /// An entry of the embedded catalog.
    Catalog(&'static ModelSpec),
    /// A spec built for this request.
    Own(Box<ModelSpec>),
}

impl ModelRef {
    /// A spec built for this request.
    pub fn own(spec: ModelSpec) -> ModelRef {
        ModelRef::Own(Box::new(spec))
    }
}

impl Deref for ModelRef {
    type Target = ModelSpec;

    fn deref(&self) -> &ModelSpec {
        match self {
            ModelRef::Catalog(spec) => spec,
            ModelRef::Own(spec) => spec,
        }
    }
}

impl AsRef<ModelSpec> for ModelRef {
    fn as_ref(&self) -> &ModelSpec {
        self
    }
}

impl From<&'static ModelSpec> for ModelRef {
    fn from(spec: &'static ModelSpec) -> ModelRef {
        ModelRef::Catalog(spec)
    }
}

/// Written as the spec itself, as a `Cow` was.
impl Serialize for ModelRef {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        (**self).serialize(serializer)
    }
}
