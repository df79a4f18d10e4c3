# Drives rouge (a held-out corpus) over the demo text of every lexer it ships: lexing, guessing, and each formatter.
require 'rouge'

demos = ARGV.first
formatters = [Rouge::Formatters::HTML.new, Rouge::Formatters::HTMLInline.new(Rouge::Themes::ThankfulEyes.new), Rouge::Formatters::Terminal256.new,
              Rouge::Formatters::Null.new]
count = 0
Dir.children(demos).sort.each do |tag|
  lexer_class = Rouge::Lexer.find(tag)
  next unless lexer_class
  text = File.read(File.join(demos, tag))
  lexer = lexer_class.new
  formatters.each { |f| f.format(lexer.lex(text)) }
  Rouge::Formatters::HTMLTable.new(Rouge::Formatters::HTML.new).format(lexer.lex(text))
  Rouge::Lexer.guesses(filename: "x.#{tag}", source: text)
  count += 1
end
Rouge::Theme.registry.each_value { |t| t.render(scope: '.highlight') }
warn "rouge driver: #{count} lexers"
