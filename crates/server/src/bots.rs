//! Where bots think: beside the rooms, never on the async workers and never in a room's task. A
//! room hands its table's next move by itself as a [`Job`] and goes on taking messages; the
//! answer comes back on a channel, and the room's table drops it if a person acted first.

use std::sync::Arc;
use tapis_table::{Job, JobAnswer};
use tokio::sync::{Semaphore, oneshot};

/// The bots of every room.
pub struct Bots {
    hold: Option<Arc<Semaphore>>,
}

impl Bots {
    /// `hold`: for tests, each answer waits for a permit of this semaphore before it reaches its
    /// room, so that a test can act, chat and ask while a bot is still thinking.
    pub fn new(hold: Option<Arc<Semaphore>>) -> Bots {
        Bots { hold }
    }

    /// Works `job` out beside the room; its answer comes on the returned channel (which closes
    /// without one only if the search panicked).
    pub fn think(&self, job: Job) -> oneshot::Receiver<JobAnswer> {
        let (answer, answered) = oneshot::channel();
        let hold = self.hold.clone();
        tokio::spawn(async move {
            let Ok(found) = tokio::task::spawn_blocking(move || job.run()).await else { return };
            if let Some(hold) = hold
                && let Ok(permit) = hold.acquire().await
            {
                permit.forget();
            }
            let _ = answer.send(found);
        });
        answered
    }
}
