//! GPU comparisons through the answer service, for `/compare` and `/api/v1/compare`: one
//! call, one logged question, like every other answer on the site.

use super::AppState;
use super::input::{self, ClientAddr};
use crate::answer::Outcome;
use crate::ask::{Question, Request, Who};
use crate::catalog::GpuSpec;
use crate::error::Error;
use crate::i18n::Lang;
use crate::store::Source;
use axum::http::HeaderMap;

/// The cards `names` name, side by side, asked (and logged) as a web question; or why not.
pub async fn gpus(
    state: &AppState,
    names: &[String],
    lang: Lang,
    headers: &HeaderMap,
    addr: ClientAddr,
) -> Result<Vec<&'static GpuSpec>, Error> {
    let question = Question::of(Request::Compare(names.to_vec()), lang);
    let who = Who::on(Source::Web)
        .with_locale(input::accept_language(headers))
        .with_addr(addr.0);
    match state.service.ask(question, &who).await.outcome {
        Ok(Outcome::Compare(c)) => Ok(c.gpus),
        // The service answers a comparison with one or with an error, never another kind.
        Ok(other) => {
            debug_assert!(false, "a comparison answered as {other:?}");
            Ok(Vec::new())
        }
        Err(e) => Err(e),
    }
}
