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

/// A renderer whose output is one document (SVG, HTML) that can be written in parts: its
/// start, the elements of each page of a transcript, its end. A transcript of any height is
/// then one document, drawn in memory proportional to a page.
public protocol DocumentRenderer: SceneRenderer {
  /// The opening of a document `width` × `height` cells.
  func documentStart(width: Int, height: Int) -> String
  /// The scene's elements, moved down `rowOffset` rows (the page's top in the document).
  func elements(of scene: RenderScene, rowOffset: Int) -> String
  /// What closes the document.
  var documentEnd: String { get }
}

extension DocumentRenderer {
  public func render(_ scene: RenderScene) -> String {
    documentStart(width: scene.width, height: scene.height) + elements(of: scene, rowOffset: 0) + documentEnd
  }
}
