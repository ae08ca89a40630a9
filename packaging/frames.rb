# Homebrew formula for frames (macOS). Not run by this project's CI, which is Debian's: set `url`
# and `sha256` to a release's source tarball when publishing one, or install the newest source
# with `brew install --HEAD ./packaging/frames.rb` after setting `head` to the repository's URL.
class Frames < Formula
  desc "Renders a payment SDK's loading indicator exactly, as PNG frames"
  homepage "https://example.invalid/frames"
  url "https://example.invalid/frames/archive/refs/tags/v0.2.0.tar.gz"
  sha256 "0000000000000000000000000000000000000000000000000000000000000000"
  license "MIT"
  head "https://example.invalid/frames.git", branch: "main"

  depends_on "pkg-config" => :build
  depends_on xcode: ["16.0", :build]
  depends_on "fontconfig"
  depends_on "freetype"
  depends_on "fribidi"
  depends_on "giflib"
  depends_on "harfbuzz"
  depends_on "jpeg-turbo"
  depends_on "libmicrohttpd"
  depends_on "libpng"
  depends_on "libunibreak"
  depends_on "little-cms2"
  depends_on "webp"

  uses_from_macos "zlib"

  def install
    system "swift", "build", "--disable-sandbox", "-c", "release", "--product", "frames"
    bin.install ".build/release/frames"
    # The man page and the completions are made by the binary, from the declarations of --help.
    (man1/"frames.1").write Utils.safe_popen_read(bin/"frames", "--generate", "man")
    generate_completions_from_executable(bin/"frames", "--generate", shell_parameter_format: "complete-")
  end

  test do
    assert_match "frames #{version}", shell_output("#{bin}/frames --version")
    system bin/"frames", "--style", "overlay", "--frames", "2", "--out", testpath/"out"
    assert_predicate testpath/"out/manifest.json", :exist?
  end
end
