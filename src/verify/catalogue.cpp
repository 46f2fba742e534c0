#include "verify/catalogue.hpp"

#include "core/errors.hpp"

#include <fmt/format.h>
#include <toml++/toml.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

namespace bc::embedded {
const std::vector<std::pair<std::string, std::string>>& catalogue_files();  // generated
}

namespace bc::verify {

const std::vector<CatalogueFile>& embedded_catalogue() {
  static const std::vector<CatalogueFile> files = [] {
    std::vector<CatalogueFile> v;
    for (const auto& [name, text] : embedded::catalogue_files()) v.push_back({name, text});
    return v;
  }();
  return files;
}

const char* verdict_name(Verdict v) {
  switch (v) {
    case Verdict::holds:
      return "holds";
    case Verdict::fails:
      return "fails";
    case Verdict::undecided:
      return "undecided";
  }
  return "?";
}

const std::map<std::string, Check>& registry() {
  static const std::map<std::string, Check> r = [] {
    std::map<std::string, Check> m;
    register_sphere_checks(m);
    register_rank_checks(m);
    register_depth_checks(m);
    register_sym_checks(m);
    register_comm_checks(m);
    return m;
  }();
  return r;
}

std::vector<CatalogueFile> read_catalogue_dir(const std::string& dir) {
  namespace fs = std::filesystem;
  std::error_code ec;
  if (!fs::is_directory(dir, ec))
    throw UsageError(fmt::format("--catalogue must be a directory of .toml files, got \"{}\"", dir));
  std::vector<CatalogueFile> out;
  for (const auto& e : fs::directory_iterator(dir, ec)) {
    if (e.path().extension() != ".toml") continue;
    std::ifstream in(e.path());
    std::stringstream ss;
    ss << in.rdbuf();
    if (!in) throw DomainError(fmt::format("verify: cannot read \"{}\"", e.path().string()));
    out.push_back({e.path().filename().string(), ss.str()});
  }
  if (ec) throw DomainError(fmt::format("verify: cannot list \"{}\": {}", dir, ec.message()));
  if (out.empty()) throw DomainError(fmt::format("verify: no .toml files in \"{}\"", dir));
  std::sort(out.begin(), out.end(), [](auto& a, auto& b) { return a.name < b.name; });
  return out;
}

namespace {

nlohmann::json to_json(const toml::node& n) {
  if (auto t = n.as_table()) {
    nlohmann::json o = nlohmann::json::object();
    for (auto&& [k, v] : *t) o[std::string(k.str())] = to_json(v);
    return o;
  }
  if (auto a = n.as_array()) {
    nlohmann::json o = nlohmann::json::array();
    for (auto&& v : *a) o.push_back(to_json(v));
    return o;
  }
  if (auto v = n.as_string()) return v->get();
  if (auto v = n.as_integer()) return v->get();
  if (auto v = n.as_floating_point()) return v->get();
  if (auto v = n.as_boolean()) return v->get();
  return nullptr;
}

}  // namespace

std::vector<Claim> load_catalogue(const std::vector<CatalogueFile>& files) {
  std::vector<Claim> out;
  std::set<std::string> ids;
  for (const auto& f : files) {
    toml::table doc;
    try {
      doc = toml::parse(f.text, f.name);
    } catch (const toml::parse_error& e) {
      throw DomainError(
          fmt::format("verify: {}:{}: {}", f.name, e.source().begin.line, std::string(e.description())));
    }
    auto* arr = doc["claim"].as_array();
    if (!arr) throw DomainError(fmt::format("verify: {}: no [[claim]] entries", f.name));
    size_t index = 0;
    for (auto&& node : *arr) {
      ++index;
      auto* t = node.as_table();
      if (!t) throw DomainError(fmt::format("verify: {}: claim #{} is not a table", f.name, index));
      Claim c;
      c.file = f.name;
      auto field = [&](const char* key, std::string& dst) {
        auto v = (*t)[key].value<std::string>();
        if (!v || v->empty())
          throw DomainError(fmt::format("verify: {}: claim #{} lacks the field \"{}\"", f.name, index, key));
        dst = *v;
      };
      field("id", c.id);
      field("claim", c.claim);
      field("source", c.source);
      field("published", c.published);
      field("tolerance", c.tolerance);
      field("method", c.method);
      if (auto* p = (*t)["params"].as_table()) c.params = to_json(*p);
      if (auto e = (*t)["expect"].value<std::string>()) {
        if (*e == "holds")
          c.expect = Verdict::holds;
        else if (*e == "fails")
          c.expect = Verdict::fails;
        else
          throw DomainError(
              fmt::format("verify: {}: claim \"{}\": expect must be holds or fails", f.name, c.id));
      }
      if (!ids.insert(c.id).second)
        throw DomainError(fmt::format("verify: {}: duplicate claim id \"{}\"", f.name, c.id));
      if (!registry().count(c.method))
        throw DomainError(
            fmt::format("verify: {}: claim \"{}\" names an unknown method \"{}\"", f.name, c.id, c.method));
      out.push_back(std::move(c));
    }
  }
  return out;
}

namespace detail {

void check_param(const Claim& c, const char* key, const nlohmann::json& v, bool integer, bool is_unsigned,
                 bool floating) {
  if (v.is_array()) {
    for (const auto& e : v) check_param(c, key, e, integer, is_unsigned, floating);
    return;
  }
  auto bad = [&](const char* rule) {
    return ParamError(fmt::format("verify: {}: claim \"{}\": params.{} must be {}, got {}", c.file, c.id, key,
                                  rule, v.dump().substr(0, 40)));
  };
  if (integer) {
    if (!v.is_number_integer()) throw bad("an integer");
    if (is_unsigned) {
      const std::string k = key;
      // the loop bounds (l_max, l_hi, L, N_max, d_max, trials) drive the cost: 10^5; single
      // values (d, l, l_extra, ...) any 62-bit size (closed forms); seeds any 64-bit value
      const bool bound =
          k == "l_max" || k == "l_hi" || k == "L" || k == "N_max" || k == "d_max" || k == "trials";
      const double cap = k == "seed" ? 1.8446744073709552e19 : bound ? 1e5 : 4.611686018427388e18;
      const bool out_of_range = v.is_number_unsigned() ? static_cast<double>(v.get<std::uint64_t>()) > cap
                                                       : v.get<std::int64_t>() < 0 ||
                                                             static_cast<double>(v.get<std::int64_t>()) > cap;
      if (out_of_range)
        throw bad(k == "seed" ? "an integer >= 0" : fmt::format("an integer in [0, {:.0f}]", cap).c_str());
    } else if (v.get<std::int64_t>() < -1000000 || v.get<std::int64_t>() > 1000000) {
      throw bad("an integer in [-10^6, 10^6]");
    }
  } else if (floating) {
    if (!v.is_number() || !std::isfinite(v.get<double>())) throw bad("a finite number");
  }
}

}  // namespace detail

Outcome run_claim(const Claim& c) {
  try {
    return registry().at(c.method)(c);
  } catch (const ParamError&) {
    throw;
  } catch (const std::exception& e) {
    Outcome o;
    o.computed = "-";
    o.verdict = Verdict::undecided;
    o.detail = e.what();
    return o;
  }
}

}  // namespace bc::verify
