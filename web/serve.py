#!/usr/bin/env python3
"""Serves dist/ the way a static host should serve the web build: a file
that has a precompressed copy beside it (FILE.br, FILE.gz) is sent as that
copy with its Content-Encoding, when the browser accepts it; .wasm goes out
as application/wasm (needed for streaming compilation).

    python3 web/serve.py [--port 8000] [--bind 127.0.0.1] [DIR]
"""
import argparse
import functools
import http.server
import os

ENCODINGS = (("br", ".br"), ("gzip", ".gz"))


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".wasm": "application/wasm",
        ".js": "text/javascript",
        ".ftl": "text/plain; charset=utf-8",
        ".ron": "text/plain; charset=utf-8",
        ".webmanifest": "application/manifest+json",
    }

    def send_head(self):
        path = self.translate_path(self.path)
        accepted = self.headers.get("Accept-Encoding", "")
        accepted = {a.split(";")[0].strip() for a in accepted.split(",")}
        if os.path.isfile(path):
            for name, suffix in ENCODINGS:
                if name in accepted and os.path.isfile(path + suffix):
                    return self.send_compressed(path, path + suffix, name)
        return super().send_head()

    def send_compressed(self, original, compressed, encoding):
        f = open(compressed, "rb")
        size = os.fstat(f.fileno()).st_size
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(original))
        self.send_header("Content-Encoding", encoding)
        self.send_header("Content-Length", str(size))
        self.send_header("Vary", "Accept-Encoding")
        self.send_header("Cache-Control", "no-cache")
        self.end_headers()
        return f

    def log_message(self, *args):
        pass


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--port", type=int, default=8000)
    p.add_argument("--bind", default="127.0.0.1")
    p.add_argument("dir", nargs="?", default="dist")
    a = p.parse_args()
    handler = functools.partial(Handler, directory=a.dir)
    with http.server.ThreadingHTTPServer((a.bind, a.port), handler) as server:
        print(f"serving {a.dir}/ on http://{a.bind}:{a.port}/ (precompressed .br/.gz)")
        server.serve_forever()


if __name__ == "__main__":
    main()
