"""The client side of .ci/httpbin: sends a fixed set of requests to httpbin (through the recording
proxy, then to the replaying stub) and compares what came back.

  httpbin_check.py exchange BASE_URL OUT.json
      Sends every request to BASE_URL and writes what the client saw, in order: method, target,
      status, the headers that matter and the (decoded) body bytes.
  httpbin_check.py compare LIVE.json REPLAYED.json PLACEHOLDER
      Checks the replay against the live answers, where the live answers have each secret (the
      environment's HTTPBIN_BEARER and HTTPBIN_API_KEY) replaced by PLACEHOLDER: same status, same
      headers (all but the connection's, the framing's and the moment's), same body bytes. Prints
      every mismatch (request, field, expected, got) and exits 1 when there is one.

Every request carries `Authorization: Bearer $HTTPBIN_BEARER` and `api_key=$HTTPBIN_API_KEY`.
"""

import base64
import json
import os
import sys
from urllib.parse import urljoin, urlsplit

import requests

BEARER = os.environ["HTTPBIN_BEARER"]
API_KEY = os.environ["HTTPBIN_API_KEY"]

# Response fields that describe the connection, the framing or the moment, not the answer.
NOT_COMPARED = {"date", "server", "content-length", "transfer-encoding", "connection", "keep-alive",
                "content-encoding"}


def large_document():
    """A ~1 MB JSON document, the same bytes every run."""
    items = [{"id": i, "name": f"item-{i:06d}", "tags": ["a", "b", "c"], "price": i * 0.25, "ok": i % 3 == 0}
             for i in range(13000)]
    return {"items": items, "note": "large body"}


def chunked_request_body():
    """A request body requests sends with `Transfer-Encoding: chunked` (a generator has no length)."""
    for number in range(5):
        yield f"chunk {number}: {'x' * (100 + number)}\n".encode()


# Answers in a content coding the redaction cannot read (httpbin sends br although the recorder asks for
# identity): the recording stores the body as the placeholder, so the replay serves that.
WITHHELD = {("GET", "/brotli")}

# (category, method, target, keyword arguments for requests, follow redirects)
REQUESTS = [
    ("status codes", "GET", "/status/200", {}, False),
    ("status codes", "POST", "/status/201", {}, False),
    ("status codes", "GET", "/status/204", {}, False),
    ("status codes", "GET", "/status/404", {}, False),
    ("status codes", "GET", "/status/418", {}, False),
    ("status codes", "GET", "/status/500", {}, False),
    ("echo", "GET", "/get?page=1&sort=asc", {}, False),
    ("echo", "GET", "/headers", {"headers": {"X-Request-Flavour": "vanilla"}}, False),
    ("echo", "HEAD", "/get", {}, False),
    ("response headers", "GET", "/response-headers?X-Custom=1&Content-Type=text%2Fplain%3B+charset%3Dutf-8", {},
     False),
    ("response headers", "GET", "/response-headers?X-Custom=a&X-Custom=b&Cache-Control=no-store", {}, False),
    ("content coding", "GET", "/gzip", {}, False),
    ("content coding", "GET", "/deflate", {}, False),
    ("content coding", "GET", "/brotli", {}, False),
    ("chunked response", "GET", "/stream/5", {}, False),
    ("chunked response", "GET", "/stream-bytes/4096?chunk_size=100&seed=1", {}, False),
    ("chunked request", "POST", "/anything/chunked",
     {"data": chunked_request_body, "headers": {"Content-Type": "text/plain"}}, False),
    ("binary", "GET", "/bytes/1024?seed=7", {}, False),
    ("binary", "GET", "/image/png", {}, False),
    ("redirects", "GET", "/redirect/3", {}, True),
    ("redirects", "GET", "/redirect-to?url=%2Fget&status_code=307", {}, True),
    ("unicode", "GET", "/encoding/utf8", {}, False),
    ("unicode", "GET", "/anything/caf%C3%A9?q=caf%C3%A9+%E2%98%95&plus=a%2Bb", {}, False),
    ("text formats", "GET", "/html", {}, False),
    ("text formats", "GET", "/xml", {}, False),
    ("text formats", "GET", "/robots.txt", {}, False),
    ("large bodies", "GET", "/bytes/102400?seed=3", {}, False),
    ("large bodies", "POST", "/anything/large", {"json": large_document}, False),
    ("methods with JSON bodies", "POST", "/anything/todos", {"json": {"title": "Walk the dog", "done": False}},
     False),
    ("methods with JSON bodies", "PUT", "/anything/todos/3",
     {"json": {"title": "Walk the dog", "done": True, "tags": ["home", "dog"]}}, False),
    ("methods with JSON bodies", "PATCH", "/anything/todos/3", {"json": {"done": False, "price": 1.10}}, False),
    ("methods with JSON bodies", "DELETE", "/anything/todos/3", {"json": {"reason": "done"}}, False),
    ("form", "POST", "/post", {"data": {"title": "Café ☕", "done": "false", "plus": "a+b&c=d"}}, False),
]


def with_api_key(target):
    separator = "&" if "?" in target else "?"
    return f"{target}{separator}api_key={API_KEY}"


def exchange(base, out):
    session = requests.Session()
    session.headers.update({"Authorization": f"Bearer {BEARER}", "User-Agent": "swift-repository-contracts-ci"})
    answers = []
    for category, method, target, arguments, follow in REQUESTS:
        arguments = {name: value() if callable(value) else value for name, value in arguments.items()}
        hops = 0
        while True:
            url = base + with_api_key(target)
            response = session.request(method, url, allow_redirects=False, timeout=30, **arguments)
            answers.append({
                "category": category,
                "method": method,
                "target": target,
                "status": response.status_code,
                "headers": sorted([name.lower(), value] for name, value in response.headers.items()
                                  if name.lower() not in NOT_COMPARED),
                "body": base64.b64encode(response.content).decode(),
            })
            location = response.headers.get("Location")
            if not (follow and response.is_redirect and location):
                break
            hops += 1
            if hops > 5:
                sys.exit(f"{method} {target}: more than 5 redirects")
            # The client follows the Location against the server it talks to (the proxy, or the stub).
            followed = urljoin(url, location)
            if not followed.startswith(base + "/"):
                sys.exit(f"{method} {target}: redirected away from {base}: {location}")
            parts = urlsplit(followed)
            target = parts.path + (f"?{parts.query}" if parts.query else "")
    with open(out, "w") as file:
        json.dump(answers, file, indent=1, ensure_ascii=False)
    print(f"{len(answers)} exchanges with {base}")


def shorten(data, around=None, width=120):
    if around is not None:
        data = data[max(0, around - width // 2):around + width // 2]
    elif len(data) > width:
        data = data[:width]
    return repr(data)


def compare(live_file, replayed_file, placeholder):
    with open(live_file) as file:
        live = json.load(file)
    with open(replayed_file) as file:
        replayed = json.load(file)
    secrets = [BEARER, API_KEY]

    def redacted(text):
        for secret in secrets:
            text = text.replace(secret, placeholder)
        return text

    mismatches = []

    def mismatch(request, field, expected, got):
        mismatches.append(f"{request}: {field}: expected {expected}, got {got}")

    for index, (want, have) in enumerate(zip(live, replayed)):
        request = f"#{index + 1} {want['method']} {want['target']}"
        if (want["method"], want["target"]) != (have["method"], have["target"]):
            mismatch(request, "request (the client followed another redirect)",
                     f"{want['method']} {want['target']}", f"{have['method']} {have['target']}")
            break
        if want["status"] != have["status"]:
            mismatch(request, "status", want["status"], have["status"])
        expected_headers = [[name, redacted(value)] for name, value in want["headers"]]
        if expected_headers != have["headers"]:
            missing = [header for header in expected_headers if header not in have["headers"]]
            extra = [header for header in have["headers"] if header not in expected_headers]
            mismatch(request, "headers", f"{missing} (missing)", f"{extra} (unexpected)")
        expected_body = base64.b64decode(want["body"])
        for secret in secrets:
            expected_body = expected_body.replace(secret.encode(), placeholder.encode())
        if (want["method"], want["target"]) in WITHHELD:
            expected_body = placeholder.encode()
        got_body = base64.b64decode(have["body"])
        if expected_body != got_body:
            offset = next((i for i, (a, b) in enumerate(zip(expected_body, got_body)) if a != b),
                          min(len(expected_body), len(got_body)))
            mismatch(request, f"body (first difference at byte {offset})",
                     f"{len(expected_body)} bytes {shorten(expected_body, offset)}",
                     f"{len(got_body)} bytes {shorten(got_body, offset)}")
    if len(live) != len(replayed):
        mismatch("the whole run", "number of exchanges", len(live), len(replayed))
    secret_echoes = sum(1 for answer in live
                        if any(secret.encode() in base64.b64decode(answer["body"]) for secret in secrets))
    for line in mismatches:
        print(f"MISMATCH {line}", file=sys.stderr)
    if mismatches:
        sys.exit(f"{len(mismatches)} mismatches between the live answers and the replay")
    categories = {}
    for answer in live:
        categories[answer["category"]] = categories.get(answer["category"], 0) + 1
    print(f"{len(live)} exchanges replayed byte for byte ({secret_echoes} with echoed secrets, compared "
          f"with {placeholder} in their place):")
    for category, count in categories.items():
        print(f"  {count:2d}  {category}")


if __name__ == "__main__":
    if sys.argv[1:2] == ["exchange"] and len(sys.argv) == 4:
        exchange(sys.argv[2].rstrip("/"), sys.argv[3])
    elif sys.argv[1:2] == ["compare"] and len(sys.argv) == 5:
        compare(sys.argv[2], sys.argv[3], sys.argv[4])
    else:
        sys.exit(__doc__)
