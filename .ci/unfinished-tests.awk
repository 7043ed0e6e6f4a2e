# awk -f .ci/unfinished-tests.awk LOG: the tests and suites a Swift Testing log shows as started and never
# ended (passed, failed or skipped), in the order they started: what a run that hung was doing.
function subject(line,   at) {
    at = match(line, /(Test|Suite) /)
    return at ? substr(line, at) : ""
}
/ started\.\r?$/ {
    s = subject($0)
    if (s == "" || s ~ /^Test case /) next
    sub(/ started\.\r?$/, "", s)
    running[s] = 1; order[++count] = s
    next
}
/ (passed|failed|skipped)/ {
    s = subject($0)
    for (name in running) if (index(s, name " ") == 1) { delete running[name]; break }
}
END {
    for (i = 1; i <= count; i++) if (order[i] in running) { print "  still running: " order[i]; delete running[order[i]] }
}
