// Placeholder: filled in by the hardening work (issue 6).
