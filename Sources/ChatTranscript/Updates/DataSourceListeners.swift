/// Several controllers on one data source: a phone and a desktop layout of one conversation.
///
/// A data source has one `delegate`. The controllers that share it share this object as that
/// delegate, and it passes every change to each of them in the order they joined. It also asks
/// for a page of history once, however many controllers reach the same edge: the request is
/// outstanding until the data source answers with a `.pagination` (or `.window`) update.
/// Controllers hold it strongly (data sources hold delegates weakly) and listeners weakly, so
/// a controller that goes away stops listening.
final class DataSourceListeners: ChatDataSourceDelegate {
  private struct Listener {
    weak var delegate: (any ChatDataSourceDelegate)?
  }

  private var listeners: [Listener] = []
  private var isLoadingPrevious = false
  private var isLoadingNext = false

  /// The listeners of `dataSource`, made its delegate if need be, with `listener` added. A
  /// delegate it had that is not a controller keeps hearing every change.
  static func join(_ dataSource: any ChatDataSource, listener: any ChatDataSourceDelegate)
    -> DataSourceListeners
  {
    let shared: DataSourceListeners
    if let existing = dataSource.delegate as? DataSourceListeners {
      shared = existing
    } else {
      shared = DataSourceListeners()
      if let previous = dataSource.delegate { shared.listeners.append(Listener(delegate: previous)) }
      dataSource.delegate = shared
    }
    shared.listeners.append(Listener(delegate: listener))
    return shared
  }

  /// Stops passing changes to `listener` (and to listeners already gone).
  func leave(_ listener: AnyObject) {
    listeners.removeAll { $0.delegate == nil || $0.delegate === listener }
  }

  /// Asks `dataSource` for older items unless a request is already outstanding.
  func loadPrevious(from dataSource: any ChatDataSource) {
    guard !isLoadingPrevious else { return }
    isLoadingPrevious = true
    dataSource.loadPrevious()
  }

  /// Asks `dataSource` for newer items unless a request is already outstanding.
  func loadNext(from dataSource: any ChatDataSource) {
    guard !isLoadingNext else { return }
    isLoadingNext = true
    dataSource.loadNext()
  }

  func chatDataSourceDidUpdate(_ dataSource: any ChatDataSource, type: UpdateType) {
    answered(type)
    // A copy: a listener may join or leave while hearing the change.
    for listener in listeners { listener.delegate?.chatDataSourceDidUpdate(dataSource, type: type) }
  }

  func chatDataSource(
    _ dataSource: any ChatDataSource, didChange changes: [ChatItemsChange], type: UpdateType
  ) {
    answered(type)
    for listener in listeners {
      listener.delegate?.chatDataSource(dataSource, didChange: changes, type: type)
    }
  }

  private func answered(_ type: UpdateType) {
    guard type.answersPageRequests else { return }
    isLoadingPrevious = false
    isLoadingNext = false
  }
}
