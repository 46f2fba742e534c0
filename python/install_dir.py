#!/usr/bin/env python3
"""Prints where `cmake --install --prefix PREFIX` puts the boundcheck package for this interpreter.

    python3 python/install_dir.py PREFIX

The site directory this interpreter reads for PREFIX (sysconfig's own schemes, so a plain
`import boundcheck` works after the install):
  PREFIX = /usr        -> /usr/lib/python3/dist-packages            (Debian's deb_system scheme)
  PREFIX = /usr/local  -> /usr/local/lib/python3.X/dist-packages    (Debian's default, posix_local)
  anything else        -> PREFIX/lib/python3.X/site-packages         (posix_prefix: a venv's own
                          site-packages; ~/.local gives the user site, on sys.path by default)
Run by python/CMakeLists.txt at install time (the prefix may be given only then).
"""
import os
import sys
import sysconfig


def site_dir(prefix: str) -> str:
    prefix = os.path.normpath(os.path.abspath(os.path.expanduser(prefix)))
    schemes = sysconfig.get_scheme_names()
    if prefix == "/usr" and "deb_system" in schemes:
        return sysconfig.get_path("platlib", "deb_system", vars={"base": "/usr", "platbase": "/usr"})
    if prefix == "/usr/local" and "posix_local" in schemes:  # its paths add /local to /usr
        return sysconfig.get_path("platlib", "posix_local", vars={"base": "/usr", "platbase": "/usr"})
    return sysconfig.get_path("platlib", "posix_prefix", vars={"base": prefix, "platbase": prefix})


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: install_dir.py PREFIX")
    print(site_dir(sys.argv[1]))
