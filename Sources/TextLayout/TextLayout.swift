// Placeholder until the TextLayout module lands.
enum TextLayoutPlaceholder {}
