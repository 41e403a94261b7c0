import ChatTranscript
import TextLayout

/// Turns a ``RenderScene`` into one output format; every renderer draws a collection
/// view's viewport the same way, through the scene.
public protocol SceneRenderer {
  /// Wraps labels when the scene is built.
  var measurer: any TextMeasurer { get }
  func render(_ scene: RenderScene) -> String
}

extension SceneRenderer {
  /// What the viewport of `collectionView` shows, in this renderer's format.
  ///
  /// - Parameter lineCache: Reuses the lines of labels wrapped for earlier drawings of the
  ///   same views (see ``LabelLineCache``).
  public func render(_ collectionView: CollectionView, lineCache: LabelLineCache? = nil) -> String {
    render(RenderScene(collectionView, measurer: measurer, lineCache: lineCache))
  }
}
