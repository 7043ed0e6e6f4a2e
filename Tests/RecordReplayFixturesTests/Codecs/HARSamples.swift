/// Small HAR files shaped like each tool's exports, for the reading tests.
enum HARSamples {
    /// Chrome DevTools ("Save all as HAR"): HTTP/2 pseudo-headers, lowercase names, `Set-Cookie` values
    /// joined by a line break, a decoded body next to `content-encoding: br`, a failed request with
    /// status 0, and many `_` fields. (Tests prepend a byte order mark.)
    static let chrome = #"""
        {
          "log": {
            "version": "1.2",
            "creator": {"name": "WebInspector", "version": "537.36"},
            "pages": [{"startedDateTime": "2024-05-01T10:00:00.000Z", "id": "page_1", "title": "https://app.example.com/", "pageTimings": {"onContentLoad": 120.5, "onLoad": 300.1}}],
            "entries": [
              {
                "_initiator": {"type": "script", "stack": {"callFrames": []}},
                "_priority": "High",
                "_resourceType": "fetch",
                "cache": {},
                "connection": "443",
                "pageref": "page_1",
                "request": {
                  "method": "GET",
                  "url": "https://api.example.com/todos?page=2&sort=title#top",
                  "httpVersion": "http/2.0",
                  "headers": [
                    {"name": ":authority", "value": "api.example.com"},
                    {"name": ":method", "value": "GET"},
                    {"name": ":path", "value": "/todos?page=2&sort=title"},
                    {"name": ":scheme", "value": "https"},
                    {"name": "accept", "value": "application/json"},
                    {"name": "accept-encoding", "value": "gzip, deflate, br"}
                  ],
                  "queryString": [{"name": "page", "value": "2"}, {"name": "sort", "value": "title"}],
                  "cookies": [],
                  "headersSize": -1,
                  "bodySize": 0
                },
                "response": {
                  "status": 200,
                  "statusText": "",
                  "httpVersion": "http/2.0",
                  "headers": [
                    {"name": "content-encoding", "value": "br"},
                    {"name": "content-type", "value": "application/json; charset=utf-8"},
                    {"name": "set-cookie", "value": "a=1; Path=/\nb=2; Path=/"}
                  ],
                  "cookies": [{"name": "a", "value": "1", "path": "/", "expires": null, "httpOnly": false, "secure": false}],
                  "content": {"size": 45, "mimeType": "application/json", "compression": 20, "text": "[{\"id\":9007199254740993,\"title\":\"Buy milk\"}]"},
                  "redirectURL": "",
                  "headersSize": -1,
                  "bodySize": 25,
                  "_transferSize": 138,
                  "_error": null
                },
                "serverIPAddress": "203.0.113.7",
                "startedDateTime": "2024-05-01T10:00:00.100Z",
                "time": 85.2,
                "timings": {"blocked": 1.2, "dns": -1, "ssl": -1, "connect": -1, "send": 0.1, "wait": 80.0, "receive": 3.9, "_blocked_queueing": 0.8}
              },
              {
                "_resourceType": "fetch",
                "cache": {},
                "request": {
                  "method": "POST",
                  "url": "https://api.example.com/sync",
                  "httpVersion": "",
                  "headers": [{"name": "content-type", "value": "application/json"}],
                  "queryString": [],
                  "cookies": [],
                  "headersSize": -1,
                  "bodySize": 2,
                  "postData": {"mimeType": "application/json", "text": "{}"}
                },
                "response": {
                  "status": 0,
                  "statusText": "",
                  "httpVersion": "",
                  "headers": [],
                  "cookies": [],
                  "content": {"size": 0, "mimeType": "x-unknown"},
                  "redirectURL": "",
                  "headersSize": -1,
                  "bodySize": -1,
                  "_transferSize": 0,
                  "_error": "net::ERR_CONNECTION_REFUSED"
                },
                "serverIPAddress": "",
                "startedDateTime": "2024-05-01T10:00:00.200Z",
                "time": 3.1,
                "timings": {"blocked": -1, "dns": -1, "ssl": -1, "connect": -1, "send": 0, "wait": 0, "receive": 0}
              },
              {
                "cache": {},
                "request": {
                  "method": "GET",
                  "url": "https://api.example.com/avatar.png",
                  "httpVersion": "http/2.0",
                  "headers": [{"name": "accept", "value": "image/*"}],
                  "queryString": [],
                  "cookies": [],
                  "headersSize": -1,
                  "bodySize": 0
                },
                "response": {
                  "status": 200,
                  "statusText": "",
                  "httpVersion": "http/2.0",
                  "headers": [{"name": "content-type", "value": "image/png"}],
                  "cookies": [],
                  "content": {"size": 8, "mimeType": "image/png", "text": "iVBORw0KGgo=", "encoding": "base64"},
                  "redirectURL": "",
                  "headersSize": -1,
                  "bodySize": 8
                },
                "startedDateTime": "2024-05-01T10:00:00.050Z",
                "time": 10,
                "timings": {"send": 0, "wait": 9, "receive": 1}
              }
            ]
          }
        }
        """#

    /// Firefox: an image without `content.text`, a form post given only as `params`, a decoded body
    /// next to `Content-Encoding: gzip`.
    static let firefox = #"""
        {
          "log": {
            "version": "1.2",
            "creator": {"name": "Firefox", "version": "125.0"},
            "browser": {"name": "Firefox", "version": "125.0"},
            "pages": [],
            "entries": [
              {
                "startedDateTime": "2024-05-01T10:00:00.000+02:00",
                "time": 12,
                "request": {
                  "bodySize": 0, "method": "GET", "url": "http://shop.test:8080/logo.png", "httpVersion": "HTTP/1.1",
                  "headers": [{"name": "Host", "value": "shop.test:8080"}], "cookies": [], "queryString": [], "headersSize": 310
                },
                "response": {
                  "status": 200, "statusText": "OK", "httpVersion": "HTTP/1.1",
                  "headers": [{"name": "Content-Type", "value": "image/png"}, {"name": "Content-Length", "value": "5120"}],
                  "cookies": [], "content": {"mimeType": "image/png", "size": 5120}, "redirectURL": "", "headersSize": 250, "bodySize": 5120
                },
                "cache": {}, "timings": {"blocked": 0, "dns": 0, "connect": 0, "ssl": 0, "send": 0, "wait": 11, "receive": 1}
              },
              {
                "startedDateTime": "2024-05-01T10:00:01.000+02:00",
                "time": 30,
                "request": {
                  "bodySize": 16, "method": "POST", "url": "http://shop.test:8080/search", "httpVersion": "HTTP/1.1",
                  "headers": [{"name": "Content-Type", "value": "application/x-www-form-urlencoded"}],
                  "cookies": [], "queryString": [], "headersSize": 400,
                  "postData": {"mimeType": "application/x-www-form-urlencoded", "params": [{"name": "q", "value": "milk & eggs"}, {"name": "lang", "value": "en"}]}
                },
                "response": {
                  "status": 200, "statusText": "OK", "httpVersion": "HTTP/1.1",
                  "headers": [{"name": "Content-Type", "value": "text/html; charset=utf-8"}, {"name": "Content-Encoding", "value": "gzip"}, {"name": "Vary", "value": "Accept-Encoding"}],
                  "cookies": [], "content": {"mimeType": "text/html; charset=utf-8", "size": 15, "text": "<p>2 results</p>"}, "redirectURL": "", "headersSize": 250, "bodySize": 40
                },
                "cache": {}, "timings": {"send": 0, "wait": 29, "receive": 1}
              }
            ]
          }
        }
        """#

    /// Charles: empty-name query pairs, a 304 carrying a body, base64 of text, `comment` fields.
    static let charles = #"""
        {
          "log": {
            "version": "1.2",
            "creator": {"name": "Charles Proxy", "version": "4.6.6"},
            "entries": [
              {
                "startedDateTime": "2024-05-01T10:00:00.000+01:00",
                "time": 20,
                "request": {
                  "method": "GET",
                  "url": "https://api.example.com/search?=orphan&q=a%2Bb+c&flag",
                  "httpVersion": "HTTP/1.1",
                  "cookies": [],
                  "headers": [{"name": "If-None-Match", "value": "\"v1\""}],
                  "queryString": [{"name": "", "value": "orphan"}, {"name": "q", "value": "a+b c"}, {"name": "flag", "value": ""}],
                  "headersSize": 120,
                  "bodySize": 0
                },
                "response": {
                  "_charlesStatus": "COMPLETE",
                  "status": 304,
                  "statusText": "Not Modified",
                  "httpVersion": "HTTP/1.1",
                  "cookies": [],
                  "headers": [{"name": "ETag", "value": "\"v1\""}],
                  "content": {"size": 28, "mimeType": "text/plain", "text": "cGxhaW4gdGV4dCwgYWxyZWFkeSBkZWNvZGVk", "encoding": "base64", "comment": ""},
                  "redirectURL": null,
                  "headersSize": 80,
                  "bodySize": 28
                },
                "serverIPAddress": "203.0.113.7",
                "cache": {},
                "timings": {"dns": -1, "connect": -1, "ssl": -1, "send": 1, "wait": 18, "receive": 1},
                "comment": ""
              }
            ]
          }
        }
        """#

    /// Insomnia: `postData` with both `text` and `params`, non-underscore custom fields, no `cache`.
    static let insomnia = #"""
        {
          "log": {
            "version": "1.2",
            "creator": {"name": "Insomnia REST Client", "version": "insomnia.desktop.app:v2023.5.8"},
            "entries": [
              {
                "startedDateTime": "2024-05-01T10:00:00.000Z",
                "time": 51,
                "request": {
                  "method": "PATCH",
                  "url": "http://127.0.0.1:3000/todos/7",
                  "httpVersion": "HTTP/1.1",
                  "cookies": [],
                  "headers": [{"name": "Content-Type", "value": "application/x-www-form-urlencoded", "disabled": false}],
                  "queryString": [],
                  "postData": {
                    "mimeType": "application/x-www-form-urlencoded",
                    "text": "done=true&title=Milk",
                    "params": [{"name": "done", "value": "true"}, {"name": "title", "value": "Milk"}]
                  },
                  "headersSize": -1,
                  "bodySize": -1,
                  "settingEncodeUrl": true
                },
                "response": {
                  "status": 200,
                  "statusText": "OK",
                  "httpVersion": "HTTP/1.1",
                  "cookies": [],
                  "headers": [{"name": "Content-Type", "value": "application/json"}],
                  "content": {"size": 26, "mimeType": "application/json", "text": "{\"id\":7,\"done\":true}"},
                  "redirectURL": "",
                  "headersSize": -1,
                  "bodySize": -1
                },
                "timings": {"blocked": -1, "dns": -1, "connect": -1, "send": 0, "wait": 51, "receive": 0, "ssl": -1}
              }
            ]
          }
        }
        """#

    /// mitmproxy: `[name, value]` header pairs, base64 of still-gzipped bytes next to
    /// `Content-Encoding: gzip`, and base64 of already decoded bytes next to the same header.
    static let mitmproxy = #"""
        {
          "log": {
            "version": "1.2",
            "creator": {"name": "mitmproxy", "version": "10.3.0", "comment": "mitmproxy version 10.3.0"},
            "pages": [],
            "entries": [
              {
                "startedDateTime": "2024-05-01T10:00:00.000000+00:00",
                "time": 5.0,
                "request": {
                  "method": "GET", "url": "https://api.example.com/status", "httpVersion": "HTTP/1.1", "cookies": [],
                  "headers": [["Accept-Encoding", "gzip"], ["User-Agent", "curl/8.5.0"]],
                  "queryString": [], "headersSize": 90, "bodySize": 0
                },
                "response": {
                  "status": 200, "statusText": "OK", "httpVersion": "HTTP/1.1", "cookies": [],
                  "headers": [["Content-Type", "application/json"], ["Content-Encoding", "gzip"]],
                  "content": {"size": 31, "compression": 0, "mimeType": "application/json", "text": "H4sIAAAAAAAC/6tWys9WsiopKk2tBQCQX9SnCwAAAA==", "encoding": "base64"},
                  "redirectURL": "", "headersSize": 100, "bodySize": 31
                },
                "cache": {}, "timings": {"send": 0.0, "receive": 0.0, "wait": 5.0, "connect": -1, "ssl": -1}
              },
              {
                "startedDateTime": "2024-05-01T10:00:01.000000+00:00",
                "time": 5.0,
                "request": {
                  "method": "GET", "url": "https://api.example.com/motd", "httpVersion": "HTTP/1.1", "cookies": [],
                  "headers": [], "queryString": [], "headersSize": 90, "bodySize": 0
                },
                "response": {
                  "status": 200, "statusText": "OK", "httpVersion": "HTTP/1.1", "cookies": [],
                  "headers": [["Content-Type", "text/plain"], ["Content-Encoding", "gzip"]],
                  "content": {"size": 28, "mimeType": "text/plain", "text": "cGxhaW4gdGV4dCwg\nYWxyZWFkeSBkZWNvZGVk", "encoding": "base64"},
                  "redirectURL": "", "headersSize": 100, "bodySize": 28
                },
                "cache": {}, "timings": {"send": 0.0, "receive": 0.0, "wait": 5.0}
              }
            ]
          }
        }
        """#

    /// Polly.JS 1.x: `_id`/`_order` fields and header values as arrays.
    static let polly = #"""
        {
          "log": {
            "_recordingName": "todos/create",
            "creator": {"comment": "persister:fs", "name": "Polly.JS", "version": "1.4.2"},
            "entries": [
              {
                "_id": "8f2b5e1c7a9d",
                "_order": 0,
                "cache": {},
                "request": {
                  "bodySize": 19,
                  "cookies": [],
                  "headers": [
                    {"name": "accept", "value": ["*/*"]},
                    {"name": "content-type", "value": ["application/json"]}
                  ],
                  "headersSize": 120,
                  "httpVersion": "HTTP/1.1",
                  "method": "POST",
                  "postData": {"mimeType": "application/json", "text": "{\"title\":\"Milk\"}"},
                  "queryString": [],
                  "url": "http://localhost:8080/api/todos"
                },
                "response": {
                  "bodySize": 27,
                  "content": {"mimeType": "application/json; charset=utf-8", "size": 27, "text": "{\"id\":1,\"title\":\"Milk\"}"},
                  "cookies": [],
                  "headers": [
                    {"name": "content-type", "value": ["application/json; charset=utf-8"]},
                    {"name": "set-cookie", "value": ["a=1", "b=2"]},
                    {"name": "x-count", "value": 1}
                  ],
                  "headersSize": 200,
                  "httpVersion": "HTTP/1.1",
                  "redirectURL": "",
                  "status": 201,
                  "statusText": "Created"
                },
                "startedDateTime": "2024-05-01T10:00:00.000Z",
                "time": 12,
                "timings": {"blocked": -1, "connect": -1, "dns": -1, "receive": 0, "send": 0, "ssl": -1, "wait": 12}
              }
            ],
            "pages": [],
            "version": "1.2"
          }
        }
        """#
}
