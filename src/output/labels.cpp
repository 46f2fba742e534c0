// Default LaTeX headers for the commands' columns, so that `--format latex` pastes into a paper
// with the papers' notation ($c_\ell$, not coef\_unit). A spec's [labels] overrides them.
#include "output/labels.hpp"

#include <map>
#include <utility>

namespace bc::out {

std::string default_label(const std::string& command, const std::string& column) {
  // per command first (the same name can mean different things), then across commands
  static const std::map<std::pair<std::string, std::string>, std::string> kByCommand = {
      {{"sphere dim", "N"}, "$N(d,\\ell)$"},
      {{"rank count", "N"}, "$N(d,\\ell)$"},
      {{"rank count", "exact"}, "$\\binom{r+\\ell-1}{\\ell}$"},
      {{"rank count", "talk"}, "$\\binom{r+\\ell}{\\ell}$"},
      {{"rank bound", "lo"}, "$\\mathrm{LB}$ (lower)"},
      {{"rank bound", "hi"}, "$\\mathrm{LB}$ (upper)"},
      {{"sphere gegenbauer", "value"}, "value"},
      {{"depth transition", "dx"}, "$d_x$"},
      {{"depth transition", "N_tr"}, "$N_{\\mathrm{Tr}}(L)$"},
      {{"depth transition", "sigma_N"}, "$\\sigma_{N}$"},
  };
  static const std::map<std::string, std::string> kAny = {
      {"d", "$d$"},
      {"r", "$r$"},
      {"H", "$H$"},
      {"L", "$L$"},
      {"l", "$\\ell$"},
      {"t", "$t$"},
      {"N", "$N$"},
      {"eps", "$\\varepsilon$"},
      {"theta", "$\\theta$"},
      {"h_min", "$H_{\\min}$"},
      {"talk_power", "$(d/r)^{1/\\varepsilon}$"},
      {"talk_exp_log2", "$2^{d - r\\log_2(d/r)}$"},
      {"talk_exp_ln", "$2^{d - r\\ln(d/r)}$"},
      {"coef", "$c_\\ell$"},
      {"coef_unit", "$\\langle \\mathrm{sign}, P_{\\ell,d}\\rangle$"},
      {"energy", "$\\sum_{k\\le\\ell} c_k^2$"},
      {"dx", "$d_x$"},
      {"dx_fit", "$e^{a+bL}$"},
      {"a", "$a$"},
      {"b", "$b$"},
      {"sigma_a", "$\\sigma_a$"},
      {"sigma_b", "$\\sigma_b$"},
      {"cov_ab", "$\\mathrm{cov}(a,b)$"},
      {"chi2_red", "$\\chi^2_{\\mathrm{red}}$"},
      {"r2", "$R^2$"},
      {"published_L", "$L$ (published)"},
      {"published_dx", "$d_x$ (published)"},
      {"l_star", "$L^*$"},
      {"p_head", "$p(d)$"},
      {"lambda", "$\\lambda$"},
      {"N_tr", "$N_{\\mathrm{Tr}}$"},
  };
  auto it = kByCommand.find({command, column});
  if (it != kByCommand.end()) return it->second;
  auto jt = kAny.find(column);
  return jt == kAny.end() ? std::string{} : jt->second;
}

}  // namespace bc::out
