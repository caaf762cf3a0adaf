//! Per-user rate limit: a burst, then a steady rate, so one user cannot flood a channel or
//! spend the bot's Discord quota. A second, slower limiter decides when to say so, so a
//! flood gets one notice rather than one per message.

use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};
use std::num::NonZeroU32;
use std::time::Duration;

pub struct Limiter {
    answers: DefaultKeyedRateLimiter<u64>,
    notices: DefaultKeyedRateLimiter<u64>,
}

/// What to do with one request.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    Allow,
    /// Refuse and tell the user to wait this long.
    Notify(Duration),
    /// Refuse silently: the user was told recently.
    Drop,
}

impl Limiter {
    pub fn new(burst: u32, per_minute: u32) -> Limiter {
        let burst = NonZeroU32::new(burst.max(1)).expect("max(1)");
        let rate = NonZeroU32::new(per_minute.max(1)).expect("max(1)");
        Limiter {
            answers: RateLimiter::keyed(Quota::per_minute(rate).allow_burst(burst)),
            notices: RateLimiter::keyed(Quota::per_minute(NonZeroU32::MIN)),
        }
    }

    pub fn check(&self, user: u64) -> Verdict {
        match self.answers.check_key(&user) {
            Ok(()) => Verdict::Allow,
            Err(not_until) => {
                let wait = not_until.wait_time_from(governor::clock::Clock::now(
                    &governor::clock::DefaultClock::default(),
                ));
                if self.notices.check_key(&user).is_ok() {
                    Verdict::Notify(wait)
                } else {
                    Verdict::Drop
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn burst_then_one_notice_then_silence() {
        let l = Limiter::new(3, 6);
        for _ in 0..3 {
            assert_eq!(l.check(1), Verdict::Allow);
        }
        assert!(matches!(l.check(1), Verdict::Notify(d) if d.as_secs() <= 10));
        assert_eq!(l.check(1), Verdict::Drop);
        assert_eq!(l.check(2), Verdict::Allow, "other users are not affected");
    }
}
