//! Answers go out in the order their requests came in, as LSP asks ("roughly the same
//! order"): the server answers several requests at once, and a quick one would otherwise
//! overtake a slower one sent before it. Each request takes a slot when it is passed on
//! (or answered here, by the transport); an answer waits in its slot until every earlier
//! slot is answered. A request still unanswered `HOLD_LIMIT` after it became the first
//! one waiting (not after it was sent: in a flood, requests queue in the server long
//! before their turn) stops holding the answers behind it (they go out, and its own goes out when it comes), so that one
//! slow request, or one never answered, cannot stall the session.

use std::collections::VecDeque;
use std::time::{Duration, Instant};

use serde_json::Value;

/// How long an unanswered request may hold the answers of later ones.
pub const HOLD_LIMIT: Duration = Duration::from_secs(1);

struct Slot {
    /// The request's id; `None` for an answer made by the transport, which is ready.
    id: Option<Value>,
    reply: Option<Vec<u8>>,
}

#[derive(Default)]
pub struct Sequencer {
    slots: VecDeque<Slot>,
    /// Since when the first slot has been first.
    first_since: Option<Instant>,
}

impl Sequencer {
    /// A request with `id` went to the server, which will answer it.
    pub fn expect(&mut self, id: Value, now: Instant) {
        self.push(Some(id), None, now);
    }

    fn push(&mut self, id: Option<Value>, reply: Option<Vec<u8>>, now: Instant) {
        if self.slots.is_empty() {
            self.first_since = Some(now);
        }
        self.slots.push_back(Slot { id, reply });
    }

    /// The transport answered a request itself: what can go out now, in order.
    pub fn answered_here(&mut self, reply: Vec<u8>, now: Instant) -> Vec<Vec<u8>> {
        self.push(None, Some(reply), now);
        self.ready(now)
    }

    /// The server answered request `id`: what can go out now, in order. An answer to no
    /// request waiting (one given up on, or an id never seen) goes out at once.
    pub fn answered(&mut self, id: &Value, reply: Vec<u8>, now: Instant) -> Vec<Vec<u8>> {
        let slot = self
            .slots
            .iter_mut()
            .find(|s| s.reply.is_none() && s.id.as_ref() == Some(id));
        match slot {
            Some(slot) => slot.reply = Some(reply),
            None => return vec![reply],
        }
        self.ready(now)
    }

    /// When the first unanswered request stops holding the answers behind it, if any
    /// are held.
    pub fn deadline(&self) -> Option<Instant> {
        let first = self.slots.front()?;
        let held = self.slots.iter().any(|s| s.reply.is_some());
        let since = self.first_since?;
        (first.reply.is_none() && held).then(|| since + HOLD_LIMIT)
    }

    /// Gives up waiting on requests unanswered for `HOLD_LIMIT`: what can go out now.
    pub fn overdue(&mut self, now: Instant) -> Vec<Vec<u8>> {
        let mut out = Vec::new();
        while let Some(deadline) = self.deadline()
            && deadline <= now
        {
            self.slots.pop_front();
            self.first_since = Some(now);
            out.extend(self.ready(now));
        }
        out
    }

    /// Every answer held (the server's output has ended).
    pub fn flush(&mut self) -> Vec<Vec<u8>> {
        self.slots.drain(..).filter_map(|s| s.reply).collect()
    }

    /// Takes the answers at the front that nothing earlier waits for.
    fn ready(&mut self, now: Instant) -> Vec<Vec<u8>> {
        let mut out = Vec::new();
        while self.slots.front().is_some_and(|s| s.reply.is_some()) {
            out.extend(self.slots.pop_front().and_then(|s| s.reply));
            self.first_since = Some(now);
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn text(out: Vec<Vec<u8>>) -> Vec<String> {
        out.into_iter()
            .map(|b| String::from_utf8(b).unwrap())
            .collect()
    }

    #[test]
    fn a_quick_answer_waits_for_the_request_before_it() {
        let now = Instant::now();
        let mut order = Sequencer::default();
        order.expect(json!(1), now);
        order.expect(json!("two"), now);
        assert!(order.answered(&json!("two"), b"2".to_vec(), now).is_empty());
        assert_eq!(
            text(order.answered(&json!(1), b"1".to_vec(), now)),
            ["1", "2"]
        );
        assert!(order.deadline().is_none());
    }

    #[test]
    fn answers_made_here_take_their_place_in_line() {
        let now = Instant::now();
        let mut order = Sequencer::default();
        order.expect(json!(1), now);
        assert!(order.answered_here(b"invalid".to_vec(), now).is_empty());
        order.expect(json!(3), now);
        assert_eq!(
            text(order.answered(&json!(1), b"1".to_vec(), now)),
            ["1", "invalid"]
        );
        assert_eq!(text(order.answered(&json!(3), b"3".to_vec(), now)), ["3"]);
        // Nothing waiting: out at once, as is an answer to no request.
        assert_eq!(text(order.answered_here(b"x".to_vec(), now)), ["x"]);
        assert_eq!(text(order.answered(&json!(9), b"9".to_vec(), now)), ["9"]);
    }

    #[test]
    fn a_request_unanswered_too_long_stops_holding_the_others() {
        let now = Instant::now();
        let mut order = Sequencer::default();
        order.expect(json!(1), now);
        order.expect(json!(2), now);
        order.expect(json!(3), now);
        assert!(order.answered(&json!(3), b"3".to_vec(), now).is_empty());
        assert_eq!(order.deadline(), Some(now + HOLD_LIMIT));
        assert!(order.overdue(now + HOLD_LIMIT / 2).is_empty());
        // 1 is given up on; 2 has been first only from then on, and holds 3 for as long.
        assert!(order.overdue(now + HOLD_LIMIT).is_empty());
        assert_eq!(order.deadline(), Some(now + HOLD_LIMIT * 2));
        assert_eq!(text(order.overdue(now + HOLD_LIMIT * 2)), ["3"]);
        // Their answers go out when they come.
        assert_eq!(text(order.answered(&json!(2), b"2".to_vec(), now)), ["2"]);
        assert_eq!(text(order.answered(&json!(1), b"1".to_vec(), now)), ["1"]);
        assert!(order.deadline().is_none());
    }

    #[test]
    fn in_a_flood_the_clock_starts_when_a_request_becomes_first() {
        let sent = Instant::now();
        let mut order = Sequencer::default();
        for id in 0..3 {
            order.expect(json!(id), sent);
        }
        // Long after they were sent, 0 is answered: 1 is first from now on.
        let later = sent + HOLD_LIMIT * 5;
        assert_eq!(text(order.answered(&json!(0), b"0".to_vec(), later)), ["0"]);
        assert!(order.answered(&json!(2), b"2".to_vec(), later).is_empty());
        assert!(order.overdue(later + HOLD_LIMIT / 2).is_empty());
        assert_eq!(
            text(order.answered(&json!(1), b"1".to_vec(), later)),
            ["1", "2"]
        );
    }

    #[test]
    fn repeated_ids_are_answered_in_turn_and_the_end_flushes() {
        let now = Instant::now();
        let mut order = Sequencer::default();
        order.expect(json!(5), now);
        order.expect(json!(5), now);
        order.expect(json!(6), now);
        assert_eq!(text(order.answered(&json!(5), b"a".to_vec(), now)), ["a"]);
        assert!(order.answered(&json!(6), b"c".to_vec(), now).is_empty());
        assert_eq!(text(order.flush()), ["c"]);
    }
}
