// The shape every generated gnuplot script must have (issue 20 §1), checked before gnuplot runs
// and by the fuzz target fuzz_render: outside single-quoted literals and inline data blocks, a
// script holds only the commands gnuplot_script's template writes (set terminal/output/key/...,
// plot), built from a fixed alphabet, and never system, load, call, shell, print, cd, save,
// pause, eval, a pipe, a semicolon, a backquote, a double quote or an @ macro.
#pragma once

#include <string>

namespace bc::out {

/// The first line of `script` outside the template, with the reason, or "" when it conforms.
std::string script_outside_template(const std::string& script);

}  // namespace bc::out
