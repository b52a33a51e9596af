//! One run of an external verifier as a guest (DESIGN §3.10): no shell, the buffer on
//! stdin, its output thrown away (`-o` the null device: nothing is written in the
//! workspace), stderr read up to a cap, a deadline, and a cancel flag a newer edit or a
//! close raises. The tool runs in a process group of its own, so that a wrapper script's
//! children die with it: they would otherwise hold stderr open and the run would never
//! end. The group is killed with the `kill` program (`unsafe` is denied, and a kernel call
//! needs it); the child itself is also killed directly, which needs nothing.

use std::io::{Read, Write};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// At most this much of a tool's stderr is read; the rest is drained unread, so that a
/// tool that floods stderr never blocks on a full pipe.
pub const STDERR_CAP: usize = 1 << 20;

/// How often a run looks at the tool, its deadline and its cancel flag.
const POLL: Duration = Duration::from_millis(5);

/// How long stderr may stay open once the tool has ended (a child it left behind).
const GRACE: Duration = Duration::from_millis(300);

#[cfg(unix)]
const NULL_DEVICE: &str = "/dev/null";
#[cfg(not(unix))]
const NULL_DEVICE: &str = "NUL";

/// How a run ended.
#[derive(Debug)]
pub enum Outcome {
    /// The tool ended by itself; `stderr` is what it printed (cut at `STDERR_CAP`).
    Finished {
        status: ExitStatus,
        stderr: String,
        truncated: bool,
    },
    /// Killed at the deadline.
    TimedOut,
    /// Killed because the cancel flag was raised.
    Cancelled,
    /// The tool could not be started.
    NotStarted(String),
}

/// Runs `command` (program and arguments) on `text`; `split` adds `--split-input-file`.
pub fn run(
    command: &[String],
    text: &str,
    split: bool,
    timeout: Duration,
    cancel: &AtomicBool,
) -> Outcome {
    let Some((program, args)) = command.split_first() else {
        return Outcome::NotStarted("the command is empty".into());
    };
    let mut child = match spawn(program, args, split) {
        Ok(child) => child,
        Err(err) => return Outcome::NotStarted(format!("cannot run `{program}`: {err}")),
    };
    feed(&mut child, text);
    let stderr = collect(&mut child);
    let status = match wait(&mut child, Instant::now() + timeout, cancel) {
        Ok(status) => status,
        Err(outcome) => {
            kill(&mut child);
            return outcome;
        }
    };
    let (bytes, truncated) = stderr.recv_timeout(GRACE).unwrap_or_else(|_| {
        // Something the tool started still holds stderr open: once the group is killed
        // the pipe closes and the reader hands over what it read.
        kill(&mut child);
        stderr.recv_timeout(GRACE).unwrap_or_default()
    });
    Outcome::Finished {
        status,
        stderr: String::from_utf8_lossy(&bytes).into_owned(),
        truncated,
    }
}

fn spawn(program: &str, args: &[String], split: bool) -> std::io::Result<Child> {
    let mut command = Command::new(program);
    command
        .args(args)
        .args(mlir_analysis::external::tool_arguments(
            args,
            split,
            NULL_DEVICE,
        ))
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped());
    #[cfg(unix)]
    std::os::unix::process::CommandExt::process_group(&mut command, 0);
    command.spawn()
}

/// Writes the buffer to the tool's stdin on a thread of its own (a tool that reads
/// nothing must not block us on a full pipe), then closes it.
fn feed(child: &mut Child, text: &str) {
    let Some(mut stdin) = child.stdin.take() else {
        return;
    };
    let text = text.to_owned();
    std::thread::spawn(move || {
        // A tool that ends before reading it all closes the pipe: not our failure.
        let _ = stdin.write_all(text.as_bytes());
    });
}

/// Reads stderr on a thread of its own, keeping the first `STDERR_CAP` bytes.
fn collect(child: &mut Child) -> mpsc::Receiver<(Vec<u8>, bool)> {
    let (sender, receiver) = mpsc::channel();
    let Some(mut stderr) = child.stderr.take() else {
        let _ = sender.send((Vec::new(), false));
        return receiver;
    };
    std::thread::spawn(move || {
        let mut kept = Vec::new();
        let mut buffer = [0u8; 64 * 1024];
        let mut truncated = false;
        while let Ok(n) = stderr.read(&mut buffer) {
            if n == 0 {
                break;
            }
            let room = STDERR_CAP.saturating_sub(kept.len());
            truncated |= n > room;
            kept.extend_from_slice(&buffer[..n.min(room)]);
        }
        let _ = sender.send((kept, truncated));
    });
    receiver
}

/// Waits for the tool to end, the deadline or the cancel flag, whichever comes first.
fn wait(child: &mut Child, deadline: Instant, cancel: &AtomicBool) -> Result<ExitStatus, Outcome> {
    loop {
        match child.try_wait() {
            Ok(Some(status)) => return Ok(status),
            Ok(None) => {}
            Err(err) => return Err(Outcome::NotStarted(format!("cannot wait for it: {err}"))),
        }
        if cancel.load(Ordering::Relaxed) {
            return Err(Outcome::Cancelled);
        }
        if Instant::now() >= deadline {
            return Err(Outcome::TimedOut);
        }
        std::thread::sleep(POLL);
    }
}

/// Kills the tool's process group, and the tool itself should that fail, and reaps it.
fn kill(child: &mut Child) {
    #[cfg(unix)]
    {
        let group = format!("-{}", child.id());
        let _ = Command::new("kill")
            .args(["-KILL", "--", &group])
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status();
    }
    let _ = child.kill();
    let _ = child.wait();
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;

    fn sh(script: &str) -> Vec<String> {
        // The test's fake tools are shell scripts; the arguments we add land in "$@".
        vec!["sh".into(), "-c".into(), script.into(), "tool".into()]
    }

    fn run_for(script: &str, timeout_ms: u64) -> Outcome {
        let never = AtomicBool::new(false);
        run(
            &sh(script),
            "text\n",
            false,
            Duration::from_millis(timeout_ms),
            &never,
        )
    }

    #[test]
    fn stdin_arrives_and_stderr_is_read() {
        let outcome = run_for("cat >&2; echo \"$@\" >&2; exit 1", 5000);
        let Outcome::Finished { status, stderr, .. } = outcome else {
            panic!("{outcome:?}")
        };
        assert_eq!(status.code(), Some(1));
        assert_eq!(stderr, "text\n- -o /dev/null\n");
    }

    #[test]
    fn a_hanging_tool_and_its_children_are_killed_at_the_deadline() {
        let started = Instant::now();
        let outcome = run_for("sleep 30 & sleep 30; wait", 200);
        assert!(matches!(outcome, Outcome::TimedOut), "{outcome:?}");
        assert!(started.elapsed() < Duration::from_secs(5));
    }

    #[test]
    fn a_child_left_holding_stderr_is_killed_and_the_output_kept() {
        let started = Instant::now();
        let outcome = run_for("echo said >&2; sleep 30 &", 20_000);
        let Outcome::Finished { stderr, .. } = outcome else {
            panic!("{outcome:?}")
        };
        assert_eq!(stderr, "said\n");
        assert!(started.elapsed() < Duration::from_secs(5));
    }

    #[test]
    fn a_flood_is_cut_at_the_cap() {
        let outcome = run_for("head -c 5000000 /dev/zero | tr '\\0' x >&2", 20_000);
        let Outcome::Finished {
            stderr, truncated, ..
        } = outcome
        else {
            panic!("{outcome:?}")
        };
        assert!(truncated);
        assert_eq!(stderr.len(), STDERR_CAP);
    }

    #[test]
    fn a_missing_tool_is_not_started_and_a_raised_flag_cancels() {
        let missing = run(
            &["no-such-tool-here".into()],
            "",
            false,
            Duration::from_secs(1),
            &AtomicBool::new(false),
        );
        assert!(matches!(missing, Outcome::NotStarted(_)), "{missing:?}");
        let cancelled = run(
            &sh("sleep 30"),
            "",
            false,
            Duration::from_secs(30),
            &AtomicBool::new(true),
        );
        assert!(matches!(cancelled, Outcome::Cancelled), "{cancelled:?}");
    }
}
