"""Serving: tool-call detectors and formats, the OpenAI chat handler, the HTTP server, parity across formats."""
