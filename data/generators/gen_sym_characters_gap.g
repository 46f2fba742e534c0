# Reference character tables of S_n, n = 1..8, computed by GAP's library tables
# (CharacterTable("Symmetric", n), whose values GAP obtains by its own Murnaghan-Nakayama code).
# Writes data/sym_characters_gap.csv: one row per (n, nu, lambda) with chi^nu(lambda), partitions as
# non-increasing parts joined by '+'.
# Command (from the repository root):
#   gap -q data/generators/gen_sym_characters_gap.g > data/sym_characters_gap.csv
SizeScreen([4096, 1000]);
if LoadPackage("ctbllib") <> true then Print("ctbllib missing\n"); QUIT_GAP(1); fi;
part := function(p)
  local s, i;
  p := Reversed(SortedList(p));
  s := "";
  for i in [1..Length(p)] do
    if i > 1 then Append(s, "+"); fi;
    Append(s, String(p[i]));
  od;
  return s;
end;
Print("# S_n character values chi^nu(lambda) from GAP ", GAPInfo.Version, ": CharacterTable(\"Symmetric\", n), Irr, ClassParameters, CharacterParameters\n");
Print("# command: gap -q data/generators/gen_sym_characters_gap.g > data/sym_characters_gap.csv\n");
Print("n,nu,lambda,chi\n");
for n in [1..8] do
  t := CharacterTable("Symmetric", n);
  irr := Irr(t);
  cp := ClassParameters(t);
  chp := CharacterParameters(t);
  for i in [1..Length(irr)] do
    for j in [1..Length(cp)] do
      Print(n, ",", part(chp[i][2]), ",", part(cp[j][2]), ",", irr[i][j], "\n");
    od;
  od;
od;
QUIT;
