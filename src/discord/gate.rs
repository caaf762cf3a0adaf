//! A gate in front of the framework: serenity spawns one task per gateway event and calls
//! the framework in it straight away, and poise then allocates the whole command's future
//! (every await of the reply path, HTTP futures included) before the command body can wait
//! for a reply slot ([`super::work::Work::enter`]). In a burst, each queued interaction
//! therefore held a full command future: the 2,000-interaction burst peaked near 130 MiB.
//! Waiting here, before poise is called, a queued event holds only its own data.

use poise::serenity_prelude as serenity;
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use tokio::sync::Semaphore;

/// Events dispatched into the framework at once: above the reply slots
/// ([`super::work::MAX_REPLYING`]) so a command never waits here for a slot that a slower
/// event holds, and small enough that the queued rest stays cheap.
pub const MAX_DISPATCHING: usize = 2 * super::work::MAX_REPLYING;

/// Wraps a framework so that at most [`MAX_DISPATCHING`] events run in it at once; the
/// others wait in arrival order (the semaphore is fair), none is dropped.
pub struct Gated<F> {
    inner: F,
    slots: Arc<Semaphore>,
}

impl<F> Gated<F> {
    pub fn new(inner: F) -> Self {
        Gated {
            inner,
            slots: Arc::new(Semaphore::new(MAX_DISPATCHING)),
        }
    }
}

#[serenity::async_trait]
impl<F: serenity::Framework> serenity::Framework for Gated<F> {
    async fn init(&mut self, client: &serenity::Client) {
        self.inner.init(client).await;
    }

    // Written out rather than `async fn`: the future an `async fn` returns keeps room for its
    // arguments, and `FullEvent` is a few KB inline (its largest variants), held twice over
    // in that state. Each of the up to 2,000 queued events of a burst held 7.7 KB there;
    // boxed first, the event takes one allocation of its own size and the waiting future a
    // few words.
    fn dispatch<'s, 'f>(
        &'s self,
        ctx: serenity::Context,
        event: serenity::FullEvent,
    ) -> Pin<Box<dyn Future<Output = ()> + Send + 'f>>
    where
        's: 'f,
        Self: 'f,
    {
        let event = Box::new(event);
        Box::pin(async move {
            // The semaphore is never closed; should it be, the event goes ahead ungated.
            let _slot = self.slots.acquire().await.ok();
            let dispatching = self.inner.dispatch(ctx, *event);
            dispatching.await;
        })
    }
}
