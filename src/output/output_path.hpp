// Where a run may write (issue 20 §1: a spec or shard file from someone else must not choose
// where your files go).
//
// Every output path (--output, --plot, a spec's `outputs = [...]`) is refused when
//  - it is empty or holds a control character;
//  - it names, directly or through symlinks, a file the run is reading (the spec, a catalogue,
//    a shard file, a spectrum): `--output spec.toml` would destroy the input;
//  - it is a directory.
// A path that comes from a file rather than the command line (a spec's `outputs`, or the spec
// embedded in a shard file) must in addition stay inside the working directory: relative, and
// still inside it after `..` and symlinks are resolved. A spec from elsewhere cannot write
// `../../.bashrc`, `/etc/...` or through a symlink that leads out; the user can always say where
// on the command line.
#pragma once

#include <string>
#include <vector>

namespace bc::out {

enum class PathOrigin { command_line, file };

/// Throws UsageError ("<what>: \"<path>\" ...") when `path` may not be written by the rules above.
/// `inputs` are the files the run reads.
void check_output_path(const std::string& path, PathOrigin origin, const std::vector<std::string>& inputs,
                       const std::string& what);

/// A file that a file (a spec, a catalogue) names for a command to READ (an option of type FILE:
/// --spectrum, --data) obeys the rule of outputs from a file: relative, and inside the working
/// directory after `..` and symlinks are resolved. A downloaded spec cannot read /etc/passwd or
/// ~/.ssh into an error message or a table. Throws UsageError("<what>: ...").
void check_input_path_from_file(const std::string& path, const std::string& what);

}  // namespace bc::out
