//! Reading a file to check. A million-line file is tens of megabytes, and reading it is
//! the check's first step, on one core: the kernel copies the bytes into pages the buffer
//! touches for the first time, and zeroes each page first. A large file is read in two
//! halves on two threads, which share that work.

use std::fs::File;
use std::io::{self, Read, Seek};
use std::path::Path;

/// Files from this size are read in two halves.
const SPLIT_READ_BYTES: u64 = 8 << 20;

/// The bytes of the file at `path`.
pub fn read_file(path: &Path) -> io::Result<Vec<u8>> {
    let mut file = File::open(path)?;
    let len = file.metadata()?.len();
    if len >= SPLIT_READ_BYTES
        && mlir_syntax::pool::threads() > 1
        && let Some(bytes) = read_in_halves(&mut file, len)
    {
        return Ok(bytes);
    }
    // Also where the file changed while it was read in halves: read it again, whole.
    let mut bytes = Vec::new();
    File::open(path)?.read_to_end(&mut bytes)?;
    Ok(bytes)
}

/// The file's `len` bytes read at their offsets by two threads, then whatever follows them
/// (a file may grow while it is read); `None` if it is shorter than `len` by then, or on
/// any error (the caller reads it again the usual way).
#[cfg(unix)]
fn read_in_halves(file: &mut File, len: u64) -> Option<Vec<u8>> {
    use std::os::unix::fs::FileExt;
    let mut bytes = vec![0; usize::try_from(len).ok()?];
    let half = bytes.len() / 2;
    let (first, second) = bytes.split_at_mut(half);
    let reader = &*file;
    let both_read = std::thread::scope(|scope| {
        let first = scope.spawn(|| reader.read_exact_at(first, 0));
        let second = reader.read_exact_at(second, half as u64);
        first.join().is_ok_and(|r| r.is_ok()) && second.is_ok()
    });
    if !both_read {
        return None;
    }
    let mut rest = Vec::new();
    file.seek(io::SeekFrom::Start(len)).ok()?;
    file.read_to_end(&mut rest).ok()?;
    bytes.extend(rest);
    Some(bytes)
}

#[cfg(not(unix))]
fn read_in_halves(_: &mut File, _: u64) -> Option<Vec<u8>> {
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn large_and_small_files_read_whole() {
        let dir = std::env::temp_dir().join(format!("mlir-analyzer-read-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temp dir");
        for len in [0, 1, 4097, SPLIT_READ_BYTES as usize + 3] {
            let path = dir.join(format!("{len}.mlir"));
            let bytes: Vec<u8> = (0..len).map(|i| (i * 7 % 251) as u8).collect();
            std::fs::write(&path, &bytes).expect("write");
            assert!(read_file(&path).expect("read") == bytes, "{len} bytes");
        }
        std::fs::remove_dir_all(&dir).expect("remove temp dir");
        assert!(read_file(&dir.join("missing.mlir")).is_err());
    }
}
