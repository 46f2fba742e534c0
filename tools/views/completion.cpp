// `boundcheck --completion bash|zsh` (registry_json.hpp): a completion script generated from the
// command tree, in the manner of ripgrep's flags/complete/. Both shells get the same three lookup
// functions (plain POSIX `case`, valid in bash and zsh) and a small driver of their own:
//   _boundcheck_subcommands PATH   the commands under PATH ("" is the root, "rank", "table")
//   _boundcheck_options PATH       every option PATH takes, global options included
//   _boundcheck_value PATH OPTION  what OPTION takes: its choices (--format: table csv ...; verify
//                                  --id: the built-in catalogue's claim ids), ":file" (a path,
//                                  completed in bash's filename mode: a directory gets its '/' and
//                                  no space, so that one can descend into it), ":value" (anything
//                                  else); fails for a flag
// The driver walks the words typed so far (skipping each option's value) to find the command path,
// then completes an option's value, an option, or a command. Cost: linear in the tree.
#include "core/errors.hpp"
#include "verify/catalogue.hpp"
#include "views/registry_json.hpp"

#include <fmt/format.h>

#include <functional>
#include <map>

namespace bc::cli {

namespace {

struct Node {
  std::string path;
  std::vector<std::string> subcommands;
  std::vector<const CLI::Option*> options;
};

void collect(CLI::App& app, const std::string& path, std::vector<Node>& out) {
  Node n{path, {}, {}};
  const std::function<bool(CLI::App*)> all;
  for (const CLI::App* s : app.get_subcommands(all)) n.subcommands.push_back(s->get_name());
  for (const CLI::Option* o : app.get_options())
    if (!o->get_lnames().empty()) n.options.push_back(o);
  out.push_back(n);
  for (CLI::App* s : app.get_subcommands(all))
    collect(*s, path.empty() ? s->get_name() : path + " " + s->get_name(), out);
}

std::string names(const std::vector<std::string>& v) { return fmt::format("{}", fmt::join(v, " ")); }

/// The ids of the built-in catalogue's claims, what `verify --id` completes to (the option takes a
/// prefix; the ids are the useful words). The catalogue is compiled in, so the list is this build's.
std::string claim_ids() {
  std::vector<std::string> ids;
  for (const auto& c : verify::load_catalogue(verify::embedded_catalogue())) ids.push_back(c.id);
  return names(ids);
}

/// What the option of the command at `path` takes, as _boundcheck_value prints it; empty for a flag.
std::string value_kind(const std::string& path, const CLI::Option* o) {
  if (o->get_expected_max() == 0) return "";
  if (path == "verify" && o->check_lname("id")) return claim_ids();
  const std::string type = o->get_type_name();
  if (type == "FILE" || type == "PATH" || reads_file(*o)) return ":file";
  if (type.find('|') != std::string::npos && type.find_first_of(" []") == std::string::npos) {
    std::string words = type;
    for (char& c : words)
      if (c == '|') c = ' ';
    return words;
  }
  return ":value";
}

std::string lookup_functions(const std::vector<Node>& nodes) {
  std::string subs = "_boundcheck_subcommands() {\n  case \"$1\" in\n";
  std::string opts = "_boundcheck_options() {\n  case \"$1\" in\n";
  // an option's kind is the same on every command that has it with the same kind (--format): one
  // arm for every path then; otherwise one arm per command
  std::map<std::string, std::map<std::string, std::vector<std::string>>> kinds;  // option -> kind -> paths
  for (const Node& n : nodes) {
    if (!n.subcommands.empty())
      subs += fmt::format("    \"{}\") echo \"{}\" ;;\n", n.path, names(n.subcommands));
    std::vector<std::string> os;
    for (const CLI::Option* o : n.options) {
      for (const auto& l : o->get_lnames()) os.push_back("--" + l);
      const std::string k = value_kind(n.path, o);
      if (!k.empty())
        for (const auto& l : o->get_lnames()) kinds["--" + l][k].push_back(n.path);
    }
    opts += fmt::format("    \"{}\") echo \"{}\" ;;\n", n.path, names(os));
  }
  std::string vals = "_boundcheck_value() {\n  case \"$1|$2\" in\n";
  for (const auto& [opt, by_kind] : kinds)
    for (const auto& [kind, paths] : by_kind) {
      if (by_kind.size() == 1) {
        vals += fmt::format("    *\"|{}\") echo \"{}\" ;;\n", opt, kind);
        continue;
      }
      for (const std::string& p : paths) vals += fmt::format("    \"{}|{}\") echo \"{}\" ;;\n", p, opt, kind);
    }
  return subs + "  esac\n}\n" + opts + "  esac\n}\n" + vals + "    *) return 1 ;;\n  esac\n}\n";
}

// The word walk both drivers share, in the syntax both shells read: ARR is COMP_WORDS (bash, from
// 0) or words (zsh, from 1); FIRST the index of the first word after `boundcheck`.
std::string walk(const char* arr, int first, const char* cword) {
  return fmt::format(
      "  local cmdpath=\"\" kind w subs\n"
      "  local i={1}\n"
      "  while (( i < {2} )); do\n"
      "    w=${{{0}[i]}}\n"
      "    if [[ $w == -* ]]; then\n"
      "      if [[ $w != *=* ]] && kind=$(_boundcheck_value \"$cmdpath\" \"$w\"); then (( i++ )); fi\n"
      "    else\n"
      "      subs=\" $(_boundcheck_subcommands \"$cmdpath\") \"\n"
      "      if [[ $subs == *\" $w \"* ]]; then cmdpath=${{cmdpath:+$cmdpath }}$w; fi\n"
      "    fi\n"
      "    (( i++ ))\n"
      "  done\n",
      arr, first, cword);
}

std::string bash_script(const std::vector<Node>& nodes) {
  return "# bash completion for boundcheck, generated by `boundcheck --completion bash` from its command\n"
         "# registry (regenerate rather than edit). Use: source it, or install it as\n"
         "# ~/.local/share/bash-completion/completions/boundcheck (cmake --install does, under PREFIX).\n" +
         lookup_functions(nodes) + "_boundcheck() {\n" + walk("COMP_WORDS", 1, "COMP_CWORD") +
         "  local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]}\n"
         "  if [[ $prev == = ]] && (( COMP_CWORD > 2 )); then prev=${COMP_WORDS[COMP_CWORD-2]}; fi\n"
         "  if [[ $cur == = ]]; then cur=\"\"; fi\n"
         "  if (( COMP_CWORD > 1 )) && [[ $prev == -* ]] && kind=$(_boundcheck_value \"$cmdpath\" "
         "\"$prev\"); then\n"
         "    case $kind in\n"
         "      :file) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- \"$cur\")) ;;\n"
         "      :value) COMPREPLY=() ;;\n"
         "      *) COMPREPLY=($(compgen -W \"$kind\" -- \"$cur\")) ;;\n"
         "    esac\n"
         "  elif [[ $cur == -* ]]; then\n"
         "    COMPREPLY=($(compgen -W \"$(_boundcheck_options \"$cmdpath\")\" -- \"$cur\"))\n"
         "  else\n"
         "    COMPREPLY=($(compgen -W \"$(_boundcheck_subcommands \"$cmdpath\")\" -- \"$cur\"))\n"
         "  fi\n"
         "  return 0\n"
         "}\n"
         "complete -F _boundcheck boundcheck\n";
}

std::string zsh_script(const std::vector<Node>& nodes) {
  // zsh: `path` is tied to $PATH, hence cmdpath; words[1] is `boundcheck`
  return "#compdef boundcheck\n"
         "# zsh completion for boundcheck, generated by `boundcheck --completion zsh` from its command\n"
         "# registry (regenerate rather than edit). Use: save it as _boundcheck in a directory of $fpath.\n" +
         lookup_functions(nodes) + "_boundcheck() {\n" + walk("words", 2, "CURRENT") +
         "  local cur=${words[CURRENT]} prev=${words[CURRENT-1]}\n"
         "  if (( CURRENT > 2 )) && [[ $prev == -* ]] && kind=$(_boundcheck_value \"$cmdpath\" \"$prev\"); "
         "then\n"
         "    case $kind in\n"
         "      :file) _files ;;\n"
         "      :value) _message value ;;\n"
         "      *) compadd -- ${=kind} ;;\n"
         "    esac\n"
         "  elif [[ $cur == -* ]]; then\n"
         "    compadd -- ${=$(_boundcheck_options \"$cmdpath\")}\n"
         "  else\n"
         "    compadd -- ${=$(_boundcheck_subcommands \"$cmdpath\")}\n"
         "  fi\n"
         "}\n"
         "_boundcheck \"$@\"\n";
}

}  // namespace

std::string completion_script(CLI::App& root, const std::string& shell) {
  if (shell != "bash" && shell != "zsh")
    throw UsageError(fmt::format("--completion must be one of bash|zsh, got \"{}\"",
                                 shell.size() > 40 ? shell.substr(0, 37) + "..." : shell));
  std::vector<Node> nodes;
  collect(root, "", nodes);
  return shell == "bash" ? bash_script(nodes) : zsh_script(nodes);
}

}  // namespace bc::cli
