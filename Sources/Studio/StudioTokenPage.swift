import FramesCLI

/// The page a link without the studio's token (or with another studio's) gets, with status 403:
/// it asks for the address `frames studio` printed, or its token, and opens the studio there with
/// the link's style. So a copied link holds the style and not the token, and still opens the same
/// style after the studio restarts (on the same port: `--port`; a pasted address of another
/// port is followed too). It carries nothing of the studio's: no token, no data.
enum StudioTokenPage {
    static let html = """
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>frames studio: token needed</title>
        <link rel="icon" href="\(StudioPage.icon)">
        <style>
        :root { font: 15px/22px system-ui, sans-serif; color: #1d1d1f; background: #f5f5f7; }
        * { box-sizing: border-box; }
        main { max-width: 560px; margin: 10vh auto; padding: 16px; background: #fff; border: 1px solid #ddd; }
        h1 { font-size: 18px; margin: 0 0 8px; }
        input { width: 100%; font: inherit; padding: 4px 6px; margin: 8px 0; }
        code { overflow-wrap: anywhere; }
        .error { color: #b00020; }
        </style>
        </head>
        <body>
        <main>
        <h1>This studio needs its token</h1>
        <p>Links to the studio carry the style but not the token. Paste the address
        <code>frames studio</code> printed (or just its 32-digit token) to open this style there.</p>
        <form id="token-form">
        <label for="token">Studio address or token</label>
        <input id="token" name="token" autocomplete="off" spellcheck="false"
          placeholder="http://127.0.0.1:PORT/?token=…">
        <button type="submit">Open</button>
        <p class="error" id="token-error"></p>
        </form>
        </main>
        <script>
        "use strict";
        document.getElementById("token-form").addEventListener("submit", (e) => {
          e.preventDefault();
          const text = document.getElementById("token").value.trim();
          let origin = location.origin, token = text;
          if (/^https?:\\/\\//.test(text)) {
            const url = new URL(text);
            origin = url.origin;
            token = url.searchParams.get("token") || "";
          }
          if (!/^[0-9a-f]{32}$/.test(token)) {
            document.getElementById("token-error").textContent = "A token is 32 hexadecimal digits.";
            return;
          }
          const style = new URLSearchParams(location.search);
          style.delete("token");
          location.assign(origin + "/?token=" + token + (style.toString() ? "&" + style.toString() : ""));
        });
        </script>
        </body>
        </html>
        """
}
