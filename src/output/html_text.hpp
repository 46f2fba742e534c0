// Text that reaches an HTML report (issue 18). Everything a report shows comes from somewhere a
// stranger may have written it (a spec's caption and labels, a catalogue's claims and sources, a
// shard file's cells, a column name), so every string is escaped here before it enters the page:
// the page has no script, and no string can open an element, an attribute or a URL.
#pragma once

#include <string>
#include <string_view>

namespace bc::out {

/// `s` as HTML text or a double-quoted attribute value: & < > " ' become entities; control
/// characters other than newline and tab, C1 controls and the bidirectional controls are shown as
/// visible escapes (core/visible_text.hpp: "\x1b", "\u202e"); malformed UTF-8 bytes become U+FFFD.
std::string html_escape(std::string_view s);

/// An id or a URL fragment made only of [A-Za-z0-9_-] (anything else becomes '-').
std::string html_id(std::string_view s);

}  // namespace bc::out
