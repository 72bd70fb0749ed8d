"""The kernel below every app: service errors, strict JSON reading, the API's field kit, parser,
schema class and error handler, the seed bound. Plain Python and Django/DRF; it imports no app."""
