[[claim]]
id = "depth.fit.b"
claim = 't'
source = 't'
published = "5.55e-2"
tolerance = 't'
expr = "depth.fit().b ~= 5.55e-2 [truncate]"
