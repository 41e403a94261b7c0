// Placeholder until the engine lands.
enum ChatTranscriptPlaceholder {}
