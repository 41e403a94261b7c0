#if canImport(Glibc)
  import Glibc
#endif

/// Backs the process's heap with transparent huge pages where the system leaves them to each
/// program, by running the program again with glibc's `glibc.malloc.hugetlb=1` and
/// `glibc.malloc.top_pad` tunables.
///
/// A whole transcript in memory is half a gigabyte at a million messages, touched for the first
/// time while it is read: with 4 KiB pages that is some 140,000 page faults, about a seventh of
/// the processor time `render` and `follow` spent on a virtual machine here. glibc asks for huge
/// pages for its heap only when `hugetlb` is set; and the heaps of threads other than the main
/// one (the reading thread's, which holds every decoded message) grew by glibc's default pad of
/// 128 KiB at a time, too little for a huge page, until the pad was 32 MiB. glibc reads tunables
/// once, as the program is loaded, from the environment: no call changes them later. So the tool
/// sets the variable and executes itself again, once, before it does anything else.
///
/// It does nothing where it cannot help or was decided otherwise: when the system gives huge
/// pages to every program already (`always`) or to none (`never`), when `GLIBC_TUNABLES` names
/// `glibc.malloc.hugetlb` already (`glibc.malloc.hugetlb=0` opts out), and off glibc. A pad the
/// user set is kept. When the program cannot be executed again it goes on as it is.
public enum HugePageHeap {
  /// The tunable that asks for huge pages, as glibc reads it.
  static let tunable = "glibc.malloc.hugetlb"
  /// How much more than it needs a heap grows by each time, as glibc reads it.
  static let padTunable = "glibc.malloc.top_pad"
  /// The pad asked for: 32 MiB, room for many huge pages, and half of what one heap of a
  /// thread can hold.
  static let pad = 32 << 20

  /// Executes the program again with huge pages asked for, if that helps; returns when it does
  /// not. Call it first, before any thread starts or any file is opened.
  public static func adopt() {
    #if canImport(Glibc)
      // Run again at most once, whatever glibc leaves of the variable it parsed (it writes
      // its own separators over in place).
      guard getenv(marker) == nil else { return }
      let current = getenv("GLIBC_TUNABLES").map { String(cString: $0) }
      guard let tunables = tunables(adding: current), systemLeavesHugePagesToPrograms() else { return }
      guard setenv("GLIBC_TUNABLES", tunables, 1) == 0, setenv(marker, "1", 1) == 0 else { return }
      execv("/proc/self/exe", CommandLine.unsafeArgv)
      // Still here: the program could not be executed again; go on as it was started.
      if let current { setenv("GLIBC_TUNABLES", current, 1) } else { unsetenv("GLIBC_TUNABLES") }
      unsetenv(marker)
    #endif
  }

  /// Set in the environment of the program run again, so that it does not run itself again.
  static let marker = "TRANSCRIPT_HUGE_PAGE_HEAP"

  /// `GLIBC_TUNABLES` with huge pages and the pad asked for, or `nil` when `current` names
  /// ``tunable`` (the user decided); a pad `current` names is kept.
  static func tunables(adding current: String?) -> String? {
    let given = (current ?? "").split(separator: ":").filter { !$0.isEmpty }
    let names = Set(given.map { String($0.prefix { $0 != "=" }) })
    guard !names.contains(tunable) else { return nil }
    var all = given.map(String.init) + ["\(tunable)=1"]
    if !names.contains(padTunable) { all.append("\(padTunable)=\(pad)") }
    return all.joined(separator: ":")
  }

  /// Whether transparent huge pages are in `madvise` mode: given to the memory a program asks
  /// them for, which is what the tunable does.
  static func systemLeavesHugePagesToPrograms() -> Bool {
    #if canImport(Glibc)
      let descriptor = open("/sys/kernel/mm/transparent_hugepage/enabled", O_RDONLY | O_CLOEXEC)
      guard descriptor >= 0 else { return false }
      defer { close(descriptor) }
      var bytes = [UInt8](repeating: 0, count: 128)
      let count = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      guard count > 0 else { return false }
      return mode(in: String(decoding: bytes[..<count], as: UTF8.self)) == "madvise"
    #else
      return false
    #endif
  }

  /// The selected mode of a `transparent_hugepage/enabled` file: the word in brackets
  /// (`always [madvise] never` → `madvise`).
  static func mode(in contents: String) -> Substring? {
    guard let open = contents.firstIndex(of: "["), let close = contents[open...].firstIndex(of: "]") else {
      return nil
    }
    return contents[contents.index(after: open)..<close]
  }
}
