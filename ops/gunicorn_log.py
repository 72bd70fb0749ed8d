"""gunicorn's logger for the venue server (`manage.py serve` passes `--logger-class`): the
access log's request line, path, query, referer and headers with keys and tokens masked
(ops.logmask), and its error log through the same filter."""

from __future__ import annotations

from gunicorn.glogging import Logger

from ops.logmask import MaskSecrets, mask_secrets


class MaskedLogger(Logger):
    def setup(self, cfg) -> None:
        super().setup(cfg)
        for log in (self.error_log, self.access_log):
            for handler in log.handlers:
                handler.addFilter(MaskSecrets())

    def atoms(self, resp, req, environ, request_time) -> dict:
        atoms = super().atoms(resp, req, environ, request_time)
        return {k: mask_secrets(v) if isinstance(v, str) else v for k, v in atoms.items()}
