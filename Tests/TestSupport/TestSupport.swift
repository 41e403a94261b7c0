// Placeholder until test support lands.
enum TestSupportPlaceholder {}
