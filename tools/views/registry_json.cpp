// Views of the command registry (registry_json.hpp): JSON for the documentation generators, shell
// completion scripts, a group's command listing. Cost: linear in the tree (~30 commands).
#include "views/registry_json.hpp"

#include "core/build_info.hpp"
#include "core/errors.hpp"

#include <fmt/format.h>

#include <cstdio>
#include <functional>
#include <regex>

namespace bc::cli {

void print_text(std::string text) {
  while (!text.empty() && text.back() == '\n') text.pop_back();  // CLI11 prints it with a newline
  throw CLI::CallForVersion(text, 0);
}

namespace {

const std::function<bool(CLI::App*)> kAll;  // get_subcommands(kAll): every subcommand

/// "exact|talk" -> {"exact", "talk"}; a type that is not a list of plain words -> {}.
std::vector<std::string> choices(const std::string& type) {
  static const std::regex words(R"(^[a-z0-9][a-z0-9_-]*(\|[a-z0-9][a-z0-9_-]*)+$)");
  std::vector<std::string> out;
  if (!std::regex_match(type, words)) return out;
  size_t at = 0;
  for (size_t bar; (bar = type.find('|', at)) != std::string::npos; at = bar + 1)
    out.push_back(type.substr(at, bar - at));
  out.push_back(type.substr(at));
  return out;
}

bool takes_value(const CLI::Option* o) { return o->get_expected_max() != 0; }

}  // namespace

bool own_option(const CLI::App& app, const CLI::Option* o, bool with_globals) {
  if (o == app.get_help_ptr() || o == app.get_help_all_ptr()) return false;
  if (!o->get_lnames().empty() && o->get_lnames().front() == "version") return false;
  return with_globals || o->get_group() != "Global options";
}

nlohmann::ordered_json option_json(const CLI::Option* o) {
  nlohmann::ordered_json j;
  const bool positional = o->get_lnames().empty() && o->get_snames().empty();
  j["name"] = positional ? o->get_name(true) : "--" + o->get_lnames().front();
  std::vector<std::string> names;
  for (const auto& l : o->get_lnames()) names.push_back("--" + l);
  for (const auto& s : o->get_snames()) names.push_back("-" + s);
  j["names"] = names;
  j["type"] = takes_value(o) ? o->get_type_name() : "";
  j["choices"] = choices(o->get_type_name());
  j["flag"] = !takes_value(o);
  j["required"] = o->get_required();
  j["positional"] = positional;
  j["multiple"] = o->get_items_expected_max() > 1;
  j["reads_file"] = reads_file(*o);
  j["description"] = o->get_description();
  return j;
}

namespace {

nlohmann::ordered_json options_json(const CLI::App& app, bool with_globals) {
  auto out = nlohmann::ordered_json::array();
  for (const CLI::Option* o : app.get_options())
    if (own_option(app, o, with_globals)) out.push_back(option_json(o));
  return out;
}

/// Help::examples as {command, output}: an example line and the output lines the help shows under it.
nlohmann::ordered_json examples_json(const Help& h) {
  auto out = nlohmann::ordered_json::array();
  for (const std::string& e : h.examples) {
    if (e.rfind("boundcheck ", 0) == 0)
      out.push_back({{"command", e}, {"output", nlohmann::ordered_json::array()}});
    else if (!out.empty())
      out.back()["output"].push_back(e);
  }
  return out;
}

nlohmann::ordered_json command_json(const Command& c) {
  nlohmann::ordered_json j;
  j["path"] = c.path();
  j["description"] = c.app->get_description();
  j["formula"] = c.help.formula;
  j["formula_latex"] = c.help.formula_latex;
  j["source"] = c.help.source;
  j["cost"] = c.help.cost;
  j["details"] = c.help.details;
  j["double_check"] = c.double_check;
  j["own_double_check"] = c.own_double_check;
  j["list_options"] = c.list_options;
  j["examples"] = examples_json(c.help);
  j["options"] = options_json(*c.app, false);
  std::vector<std::string> subs;
  for (const CLI::App* s : c.app->get_subcommands(kAll)) subs.push_back(c.path() + " " + s->get_name());
  j["subcommands"] = subs;
  j["help"] = c.app->help();
  return j;
}

}  // namespace

nlohmann::ordered_json registry_json(CLI::App& root, const Registry& reg) {
  nlohmann::ordered_json j;
  j["boundcheck"] = BOUNDCHECK_VERSION;
  j["provenance"] = provenance_json();
  j["description"] = root.get_description();
  j["footer"] = root.get_footer();
  auto root_opts = nlohmann::ordered_json::array(), globals = nlohmann::ordered_json::array();
  for (const CLI::Option* o : root.get_options())
    if (own_option(root, o, true))
      (o->get_group() == "Global options" ? globals : root_opts).push_back(option_json(o));
  j["root_options"] = root_opts;
  j["global_options"] = globals;
  auto groups = nlohmann::ordered_json::array();
  for (CLI::App* g : root.get_subcommands(kAll)) {
    if (reg.find(g->get_name()) != nullptr) continue;  // a command at the root (verify, table)
    std::vector<std::string> cmds;
    for (const CLI::App* s : g->get_subcommands(kAll)) cmds.push_back(g->get_name() + " " + s->get_name());
    groups.push_back({{"name", g->get_name()}, {"description", g->get_description()}, {"commands", cmds}});
  }
  j["groups"] = groups;
  auto cmds = nlohmann::ordered_json::array();
  for (const Command& c : reg.commands()) cmds.push_back(command_json(c));
  j["commands"] = cmds;
  return j;
}

std::optional<std::vector<std::string>> help_request(const std::vector<std::string>& given) {
  std::vector<std::string> args;  // without --catalogue DIR: main() loaded its quantities already
  for (size_t i = 0; i < given.size(); ++i) {
    if (given[i] == "--catalogue" && i + 1 < given.size())
      ++i;
    else if (given[i].rfind("--catalogue=", 0) != 0)
      args.push_back(given[i]);
  }
  if (args == std::vector<std::string>{"--format", "json"} ||
      args == std::vector<std::string>{"--format=json"}) {
    Invoker inv;
    const std::string text = registry_json(inv.app(), inv.registry()).dump(1) + "\n";
    if (std::fwrite(text.data(), 1, text.size(), stdout) != text.size() || std::fflush(stdout) != 0)
      throw ResourceError("cannot write to standard output");
    return std::nullopt;
  }
  for (const std::string& a : args)
    if (a.empty() || a[0] == '-')
      throw UsageError(fmt::format(
          "help takes command words (boundcheck help rank bound) or --format json (the registry as JSON), "
          "got \"{}\"",
          a.size() > 40 ? a.substr(0, 37) + "..." : a));
  std::vector<std::string> out = args;
  out.push_back("--help");
  return out;
}

std::string command_listing(CLI::App& group, const std::string& path) {
  const auto subs = group.get_subcommands(kAll);
  size_t width = 0;
  for (const CLI::App* s : subs) width = std::max(width, s->get_name().size());
  // the root's description names the program already; a group's is a phrase after its name
  std::string out = path.empty() ? wrap(group.get_description(), kHelpWidth, 0, 2)
                                 : fmt::format("boundcheck {}: {}\n", path, group.get_description());
  for (const CLI::App* s : subs) {
    std::string line = fmt::format("  {:<{}}  {}", s->get_name(), width, s->get_description());
    out += wrap(line, kHelpWidth, 0, width + 2);
  }
  out += path.empty()
             ? wrap(
                   "Run 'boundcheck <group>' for a group's commands and 'boundcheck <group> <command> "
                   "--help' for a command's formula, source, cost, options and examples.",
                   kHelpWidth, 0, 2)
             : fmt::format(
                   "Run 'boundcheck {} <command> --help' for a command's formula, source, cost, "
                   "options and examples.\n",
                   path);
  return out;
}

}  // namespace bc::cli
