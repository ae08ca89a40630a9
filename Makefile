# Installs frames where the platform expects a command line tool's files:
#
#   make install PREFIX=/usr/local     the release binary, the man page frames(1), and the bash,
#                                      zsh and fish completions (all made by the binary itself)
#   make uninstall PREFIX=/usr/local   removes exactly those files, and the folders install made
#
# PREFIX defaults to /usr/local; DESTDIR stages the files under another root, as packagers do.
# BINARY installs a frames already built (then nothing is built); by default
# `swift build -c release --product frames` builds .build/release/frames first.

PREFIX ?= /usr/local
DESTDIR ?=
SWIFT ?= swift
DEFAULT_BINARY := .build/release/frames
BINARY ?= $(DEFAULT_BINARY)

root := $(DESTDIR)$(PREFIX)
bindir := $(root)/bin
mandir := $(root)/share/man/man1
bashdir := $(root)/share/bash-completion/completions
zshdir := $(root)/share/zsh/site-functions
fishdir := $(root)/share/fish/vendor_completions.d
# Folders install may have to make, each after its parent; the record of what install made.
folders := $(bindir) $(root)/share $(root)/share/man $(mandir) $(root)/share/bash-completion $(bashdir) \
	$(root)/share/zsh $(zshdir) $(root)/share/fish $(fishdir) $(root)/share/frames
record := $(root)/share/frames/installed-folders
files := $(bindir)/frames $(mandir)/frames.1 $(bashdir)/frames $(zshdir)/_frames $(fishdir)/frames.fish

.PHONY: all build install uninstall
all: build

build:
	$(SWIFT) build -c release --product frames

install: $(if $(filter $(DEFAULT_BINARY),$(BINARY)),build)
	@test -x "$(BINARY)" || { echo "no frames binary at $(BINARY)" >&2; exit 1; }
	@test -d "$(root)" || mkdir -p "$(root)"
	@made=""; for folder in $(folders); do \
	    if [ ! -d "$$folder" ]; then mkdir "$$folder" && made="$$made$$folder\n"; fi; \
	done; \
	if [ -f "$(record)" ]; then printf '%b' "$$made" >> "$(record)"; else printf '%b' "$$made" > "$(record)"; fi
	install -m 755 "$(BINARY)" "$(bindir)/frames"
	"$(BINARY)" --generate man > "$(mandir)/frames.1"
	"$(BINARY)" --generate complete-bash > "$(bashdir)/frames"
	"$(BINARY)" --generate complete-zsh > "$(zshdir)/_frames"
	"$(BINARY)" --generate complete-fish > "$(fishdir)/frames.fish"
	chmod 644 "$(mandir)/frames.1" "$(bashdir)/frames" "$(zshdir)/_frames" "$(fishdir)/frames.fish"

uninstall:
	rm -f $(files)
	@if [ -f "$(record)" ]; then \
	    folders=$$(sort -r "$(record)"); rm -f "$(record)"; \
	    for folder in $$folders; do rmdir "$$folder" 2> /dev/null || true; done; \
	fi
