//! A SQLite VFS that fails on command, for the query log's storage-fault tests: it wraps
//! the platform's own VFS (every call passes through) and, while a fault is set, answers
//! writes, syncs and truncations the way SQLite sees a file system refuse them: a file made
//! immutable or a read-only remount (`SQLITE_IOERR_WRITE`), a full disk (`SQLITE_FULL`), or
//! a shared-memory file that cannot be mapped (`SQLITE_IOERR_SHMMAP`). The server's code is
//! untouched: the test opens `sqlite://FILE?vfs=failing`.
//!
//! Registered once per process, never made the default VFS, so other tests are unaffected.

use libsqlite3_sys as ffi;
use std::ffi::{c_char, c_int, c_void};
use std::sync::Once;
use std::sync::atomic::{AtomicU8, Ordering};

/// The VFS's name, for `?vfs=`.
pub const NAME: &str = "failing";

/// What the storage does now.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[repr(u8)]
pub enum Fault {
    None = 0,
    /// Writes, syncs and truncations fail as on an immutable file or a read-only mount.
    ReadOnly = 1,
    /// Writes fail as on a full disk.
    Full = 2,
    /// The WAL's shared-memory index cannot be mapped, nor the files written.
    Shm = 3,
}

static FAULT: AtomicU8 = AtomicU8::new(0);

/// Set the fault every file of this VFS sees from now on.
pub fn set(fault: Fault) {
    FAULT.store(fault as u8, Ordering::SeqCst);
}

fn fault() -> Fault {
    match FAULT.load(Ordering::SeqCst) {
        1 => Fault::ReadOnly,
        2 => Fault::Full,
        3 => Fault::Shm,
        _ => Fault::None,
    }
}

/// The error a write gets under the current fault, if any.
fn write_error() -> Option<c_int> {
    match fault() {
        Fault::None => None,
        Fault::ReadOnly | Fault::Shm => Some(ffi::SQLITE_IOERR_WRITE),
        Fault::Full => Some(ffi::SQLITE_FULL),
    }
}

/// Our file: the methods pointer SQLite reads, then the wrapped VFS's own file.
#[repr(C)]
struct ShimFile {
    base: ffi::sqlite3_file,
    inner: *mut ffi::sqlite3_file,
}

static mut BASE: *mut ffi::sqlite3_vfs = std::ptr::null_mut();

fn base() -> *mut ffi::sqlite3_vfs {
    // SAFETY: written once in `register` before any file of this VFS is opened.
    unsafe { BASE }
}

/// The wrapped file of `file`.
unsafe fn inner(file: *mut ffi::sqlite3_file) -> *mut ffi::sqlite3_file {
    // SAFETY: every file of this VFS is a `ShimFile`, set up in `open`.
    unsafe { (*(file as *mut ShimFile)).inner }
}

/// The wrapped file's methods.
unsafe fn methods(file: *mut ffi::sqlite3_file) -> &'static ffi::sqlite3_io_methods {
    // SAFETY: the wrapped file was opened successfully, so its methods are set.
    unsafe { &*(*inner(file)).pMethods }
}

/// Register the VFS (once); returns its name.
pub fn register() -> &'static str {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| unsafe {
        let base = ffi::sqlite3_vfs_find(std::ptr::null());
        assert!(!base.is_null(), "SQLite has a default VFS");
        BASE = base;
        let mut vfs: ffi::sqlite3_vfs = *base;
        vfs.szOsFile = (std::mem::size_of::<ShimFile>() as c_int) + (*base).szOsFile;
        vfs.zName = c"failing".as_ptr();
        vfs.pNext = std::ptr::null_mut();
        vfs.xOpen = Some(open);
        let vfs = Box::leak(Box::new(vfs));
        assert_eq!(ffi::sqlite3_vfs_register(vfs, 0), ffi::SQLITE_OK);
    });
    NAME
}

unsafe extern "C" fn open(
    _vfs: *mut ffi::sqlite3_vfs,
    name: *const c_char,
    file: *mut ffi::sqlite3_file,
    flags: c_int,
    out_flags: *mut c_int,
) -> c_int {
    unsafe {
        let shim = file as *mut ShimFile;
        let wrapped =
            (shim as *mut u8).add(std::mem::size_of::<ShimFile>()) as *mut ffi::sqlite3_file;
        (*shim).inner = wrapped;
        (*shim).base.pMethods = std::ptr::null();
        let base = base();
        let rc = ((*base).xOpen.expect("xOpen"))(base, name, wrapped, flags, out_flags);
        if rc == ffi::SQLITE_OK && !(*wrapped).pMethods.is_null() {
            (*shim).base.pMethods = &METHODS;
        }
        rc
    }
}

static METHODS: ffi::sqlite3_io_methods = ffi::sqlite3_io_methods {
    iVersion: 3,
    xClose: Some(close),
    xRead: Some(read),
    xWrite: Some(write),
    xTruncate: Some(truncate),
    xSync: Some(sync),
    xFileSize: Some(file_size),
    xLock: Some(lock),
    xUnlock: Some(unlock),
    xCheckReservedLock: Some(check_reserved_lock),
    xFileControl: Some(file_control),
    xSectorSize: Some(sector_size),
    xDeviceCharacteristics: Some(device_characteristics),
    xShmMap: Some(shm_map),
    xShmLock: Some(shm_lock),
    xShmBarrier: Some(shm_barrier),
    xShmUnmap: Some(shm_unmap),
    xFetch: Some(fetch),
    xUnfetch: Some(unfetch),
};

unsafe extern "C" fn close(file: *mut ffi::sqlite3_file) -> c_int {
    unsafe { (methods(file).xClose.expect("xClose"))(inner(file)) }
}

unsafe extern "C" fn read(
    file: *mut ffi::sqlite3_file,
    buf: *mut c_void,
    n: c_int,
    at: i64,
) -> c_int {
    unsafe { (methods(file).xRead.expect("xRead"))(inner(file), buf, n, at) }
}

unsafe extern "C" fn write(
    file: *mut ffi::sqlite3_file,
    buf: *const c_void,
    n: c_int,
    at: i64,
) -> c_int {
    if let Some(rc) = write_error() {
        return rc;
    }
    unsafe { (methods(file).xWrite.expect("xWrite"))(inner(file), buf, n, at) }
}

unsafe extern "C" fn truncate(file: *mut ffi::sqlite3_file, size: i64) -> c_int {
    if write_error().is_some() {
        return ffi::SQLITE_IOERR_TRUNCATE;
    }
    unsafe { (methods(file).xTruncate.expect("xTruncate"))(inner(file), size) }
}

unsafe extern "C" fn sync(file: *mut ffi::sqlite3_file, flags: c_int) -> c_int {
    if write_error().is_some() {
        return ffi::SQLITE_IOERR_FSYNC;
    }
    unsafe { (methods(file).xSync.expect("xSync"))(inner(file), flags) }
}

unsafe extern "C" fn file_size(file: *mut ffi::sqlite3_file, size: *mut i64) -> c_int {
    unsafe { (methods(file).xFileSize.expect("xFileSize"))(inner(file), size) }
}

unsafe extern "C" fn lock(file: *mut ffi::sqlite3_file, level: c_int) -> c_int {
    unsafe { (methods(file).xLock.expect("xLock"))(inner(file), level) }
}

unsafe extern "C" fn unlock(file: *mut ffi::sqlite3_file, level: c_int) -> c_int {
    unsafe { (methods(file).xUnlock.expect("xUnlock"))(inner(file), level) }
}

unsafe extern "C" fn check_reserved_lock(file: *mut ffi::sqlite3_file, out: *mut c_int) -> c_int {
    unsafe {
        (methods(file)
            .xCheckReservedLock
            .expect("xCheckReservedLock"))(inner(file), out)
    }
}

unsafe extern "C" fn file_control(
    file: *mut ffi::sqlite3_file,
    op: c_int,
    arg: *mut c_void,
) -> c_int {
    unsafe { (methods(file).xFileControl.expect("xFileControl"))(inner(file), op, arg) }
}

unsafe extern "C" fn sector_size(file: *mut ffi::sqlite3_file) -> c_int {
    unsafe { (methods(file).xSectorSize.expect("xSectorSize"))(inner(file)) }
}

unsafe extern "C" fn device_characteristics(file: *mut ffi::sqlite3_file) -> c_int {
    unsafe {
        (methods(file)
            .xDeviceCharacteristics
            .expect("xDeviceCharacteristics"))(inner(file))
    }
}

unsafe extern "C" fn shm_map(
    file: *mut ffi::sqlite3_file,
    page: c_int,
    size: c_int,
    extend: c_int,
    out: *mut *mut c_void,
) -> c_int {
    if fault() == Fault::Shm {
        return ffi::SQLITE_IOERR_SHMMAP;
    }
    unsafe { (methods(file).xShmMap.expect("xShmMap"))(inner(file), page, size, extend, out) }
}

unsafe extern "C" fn shm_lock(
    file: *mut ffi::sqlite3_file,
    offset: c_int,
    n: c_int,
    flags: c_int,
) -> c_int {
    unsafe { (methods(file).xShmLock.expect("xShmLock"))(inner(file), offset, n, flags) }
}

unsafe extern "C" fn shm_barrier(file: *mut ffi::sqlite3_file) {
    unsafe { (methods(file).xShmBarrier.expect("xShmBarrier"))(inner(file)) }
}

unsafe extern "C" fn shm_unmap(file: *mut ffi::sqlite3_file, delete: c_int) -> c_int {
    unsafe { (methods(file).xShmUnmap.expect("xShmUnmap"))(inner(file), delete) }
}

unsafe extern "C" fn fetch(
    file: *mut ffi::sqlite3_file,
    at: i64,
    n: c_int,
    out: *mut *mut c_void,
) -> c_int {
    unsafe {
        match methods(file).xFetch {
            Some(f) => f(inner(file), at, n, out),
            None => {
                *out = std::ptr::null_mut();
                ffi::SQLITE_OK
            }
        }
    }
}

unsafe extern "C" fn unfetch(file: *mut ffi::sqlite3_file, at: i64, p: *mut c_void) -> c_int {
    unsafe {
        match methods(file).xUnfetch {
            Some(f) => f(inner(file), at, p),
            None => ffi::SQLITE_OK,
        }
    }
}
